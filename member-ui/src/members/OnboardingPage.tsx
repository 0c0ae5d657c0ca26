import { MEMBER_NAME_MAX, type OnboardingAnswer, type OnboardingProfileRequest } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import './members.css';

type Field = 'first_name' | 'last_name' | 'birthday';

/**
 * /onboarding/profile: a member whose network asks for profile data at joining gives it here before
 * anything else (RequireMember sends them here); the answer says where to go next.
 */
export const OnboardingPage = () => {
  const { t } = useTranslation();
  const { api, reload } = useSession();
  const { member } = useSignedIn();
  const toasts = useToasts();
  const [values, setValues] = useState({ first_name: member.first_name, last_name: member.last_name, birthday: '', show_age: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  /** where the answer sends the console, once the session knows the profile is complete */
  const [next, setNext] = useState<string | null>(null);
  usePageTitle('onboarding.title');
  if (next !== null) return <Navigate to={next} replace />;
  if (!member.onboarding_pending && !saving) return <Navigate to="/" replace />;

  const save = async () => {
    const local: Partial<Record<Field, string>> = {};
    if (!values.first_name.trim()) local.first_name = 'required';
    if (!values.last_name.trim()) local.last_name = 'required';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const request: OnboardingProfileRequest = { first_name: values.first_name, last_name: values.last_name, birthday: values.birthday || null, show_age: values.show_age };
    setSaving(true);
    try {
      const answer = await api.request<OnboardingAnswer>('PUT', '/onboarding/profile', { body: request });
      // the session reads the member again (no longer pending), then the console goes where the server says
      await reload();
      toasts.show('success', 'onboarding.saved');
      setNext(answer.redirect_to);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const entry of caught.body.errors) {
          const field = (['first_name', 'last_name', 'birthday'] as const).find((name) => entry.field.endsWith(name));
          if (field) fieldErrors[field] = entry.key;
        }
        setErrors(fieldErrors);
      }
      toasts.show('error', 'errors.saving_failure');
    } finally {
      setSaving(false);
    }
  };

  const text = (field: 'first_name' | 'last_name') => (
    <div className="field">
      <label htmlFor={`onboarding-${field}`}>{t(`members.edit.${field}`)}</label>
      <input
        id={`onboarding-${field}`}
        name={field}
        data-testid={`onboarding-${field}`}
        value={values[field]}
        maxLength={MEMBER_NAME_MAX}
        required
        aria-invalid={Boolean(errors[field])}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      />
      {errors[field] ? <p className="field__error">{t(`errors.${errors[field]}`)}</p> : null}
    </div>
  );

  return (
    <section className="page" data-testid="onboarding-profile">
      <h1 className="page__title">{t('onboarding.title')}</h1>
      <p className="muted">{t('onboarding.intro')}</p>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {text('first_name')}
        {text('last_name')}
        <div className="field">
          <label htmlFor="onboarding-birthday">{t('members.edit.birthday')}</label>
          <input id="onboarding-birthday" type="date" name="birthday" value={values.birthday} aria-invalid={Boolean(errors.birthday)} onChange={(event) => setValues({ ...values, birthday: event.target.value })} />
          {errors.birthday ? <p className="field__error">{t(`errors.${errors.birthday}`)}</p> : null}
        </div>
        <div className="field field--check">
          <label>
            <input type="checkbox" name="show_age" checked={values.show_age} onChange={(event) => setValues({ ...values, show_age: event.target.checked })} />
            {t('members.edit.show_age')}
          </label>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving} data-testid="onboarding-save">
            {t('onboarding.continue')}
          </button>
        </div>
      </form>
    </section>
  );
};
