import { MEMBER_NAME_MAX, type ChangeRequestField, type CommandAccepted, type SubmitChangeRequestRequest } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useMember } from './members-queries';
import './members.css';

/**
 * /members/:id/change_requests/new and /change_requests/new: the signed-in member asks administrators to
 * change the fields the network's change requests cover (offered by can.request_changes).
 */
export const ChangeRequestPage = () => {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const { api } = useSession();
  const { member: me, network } = useSignedIn();
  const memberId = id ?? me.id;
  const member = useMember(memberId);
  const load = loadOf(member);
  const navigate = useNavigate();
  const toasts = useToasts();
  const [values, setValues] = useState<Partial<Record<ChangeRequestField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<ChangeRequestField, string>>>({});
  const [saving, setSaving] = useState(false);
  usePageTitle('members.change_request.title');
  const fields = network.memberships?.change_requests.profile_fields ?? [];

  const submit = async () => {
    const request: SubmitChangeRequestRequest = {};
    for (const field of fields) {
      const value = values[field];
      if (value === undefined || value.trim() === '') continue;
      request[field] = value;
    }
    if (Object.keys(request).length === 0) {
      toasts.show('error', 'errors.selection_required');
      return;
    }
    setSaving(true);
    try {
      await api.request<CommandAccepted & { id: string }>('POST', '/change_requests', { body: request });
      toasts.show('success', 'members.change_request.sent');
      void navigate(`/members/${memberId}`);
    } catch (caught) {
      if (caught instanceof ApiError) {
        setErrors(Object.fromEntries(caught.body.errors.flatMap((entry) => fields.filter((field) => entry.field.endsWith(field)).map((field) => [field, entry.key]))));
      }
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(caught), ['members.errors']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page" data-testid="change-request-page">
      <h1 className="page__title">{t('members.change_request.title')}</h1>
      {load.phase !== 'loaded' ? (
        <LoadStatus load={load} onRetry={() => void member.refetch()} testId="change-request" />
      ) : !load.data.can?.request_changes ? (
        <EmptyState title="members.change_request.unavailable" testId="change-request-unavailable" />
      ) : (
        <form
          className="profile-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="muted">{t('members.change_request.intro')}</p>
          {fields.map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`change-${field}`}>{t(`members.edit.${field}`)}</label>
              <input
                id={`change-${field}`}
                name={field}
                type={field === 'birthday' ? 'date' : 'text'}
                data-testid={`change-${field}`}
                maxLength={MEMBER_NAME_MAX}
                placeholder={field === 'birthday' ? undefined : load.data[field]}
                value={values[field] ?? ''}
                aria-invalid={Boolean(errors[field])}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
              {errors[field] ? <p className="field__error">{t(`errors.${errors[field]}`)}</p> : null}
            </div>
          ))}
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving} data-testid="send-change-request">
              {t('members.change_request.send')}
            </button>
            <Link to={`/members/${memberId}`} className="button button--quiet">
              {t('common.cancel')}
            </Link>
          </div>
        </form>
      )}
    </section>
  );
};
