import { MEMBER_NAME_MAX, type MemberDto, type UpdateMemberProfileRequest } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useMember, useSetProfileImage, useUpdateProfile } from './members-queries';
import { Avatar } from '../common/Avatar';
import { ProfileImageField } from '../common/ProfileImageField';
import './members.css';

type Field = 'first_name' | 'last_name' | 'birthday';

/** The form's values: what the member typed; sent are only the fields that differ from the member's profile. */
const changesOf = (member: MemberDto, values: { first_name: string; last_name: string; birthday: string; show_age: boolean }): UpdateMemberProfileRequest => {
  const request: UpdateMemberProfileRequest = {};
  if (values.first_name.trim() !== member.first_name) request.first_name = values.first_name;
  if (values.last_name.trim() !== member.last_name) request.last_name = values.last_name;
  const birthday = values.birthday === '' ? null : values.birthday;
  if (birthday !== (member.birthday ?? null)) request.birthday = birthday;
  if (values.show_age !== (member.show_age ?? false)) request.show_age = values.show_age;
  return request;
};

const ProfileForm = ({ member }: { member: MemberDto }) => {
  const { t } = useTranslation();
  const { network } = useSignedIn();
  // the fields the network's change requests cover are asked for, not edited, by the member (administrators edit them)
  const locked: readonly string[] = member.can?.request_changes ? (network.memberships?.change_requests.profile_fields ?? []) : [];
  const navigate = useNavigate();
  const toasts = useToasts();
  const update = useUpdateProfile(member.id);
  const [values, setValues] = useState({ first_name: member.first_name, last_name: member.last_name, birthday: member.birthday ?? '', show_age: member.show_age ?? false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const request = changesOf(member, values);
  const pristine = Object.keys(request).length === 0;

  const save = async () => {
    const local: Partial<Record<Field, string>> = {};
    if (!values.first_name.trim()) local.first_name = 'required';
    if (!values.last_name.trim()) local.last_name = 'required';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await update.mutateAsync(request);
      toasts.show('success', 'members.edit.saved');
      void navigate(`/members/${member.id}`);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const entry of caught.body.errors) {
          const field = (['first_name', 'last_name', 'birthday'] as const).find((name) => entry.field.endsWith(name));
          if (field) fieldErrors[field] = entry.key;
        }
        setErrors(fieldErrors);
      }
      toasts.show('error', errorKeyOf(caught) === 'forbidden' ? 'errors.forbidden' : 'errors.saving_failure');
    }
  };

  const text = (field: 'first_name' | 'last_name') => (
    <div className="field">
      <label htmlFor={`profile-${field}`}>{t(`members.edit.${field}`)}</label>
      <input
        id={`profile-${field}`}
        name={field}
        data-testid={`profile-${field}`}
        value={values[field]}
        maxLength={MEMBER_NAME_MAX}
        autoComplete={field === 'first_name' ? 'given-name' : 'family-name'}
        aria-invalid={Boolean(errors[field])}
        disabled={locked.includes(field)}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      />
      {errors[field] ? <p className="field__error">{t(`errors.${errors[field]}`)}</p> : null}
    </div>
  );

  return (
    <form
      className="profile-form"
      data-testid="profile-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {text('first_name')}
      {text('last_name')}
      <div className="field">
        <label htmlFor="profile-birthday">{t('members.edit.birthday')}</label>
        <input
          id="profile-birthday"
          type="date"
          name="birthday"
          data-testid="profile-birthday"
          value={values.birthday}
          disabled={locked.includes('birthday')}
          aria-invalid={Boolean(errors.birthday)}
          onChange={(event) => setValues({ ...values, birthday: event.target.value })}
        />
        {errors.birthday ? <p className="field__error">{t(`errors.${errors.birthday}`)}</p> : null}
      </div>
      <div className="field field--check">
        <label>
          <input type="checkbox" name="show_age" data-testid="profile-show-age" checked={values.show_age} onChange={(event) => setValues({ ...values, show_age: event.target.checked })} />
          {t('members.edit.show_age')}
        </label>
      </div>
      {locked.length > 0 ? (
        <p className="muted" data-testid="profile-locked-hint">
          {t('members.change_request.locked_hint')}{' '}
          <Link to={`/members/${member.id}/change_requests/new`}>{t('members.change_request.link')}</Link>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={pristine || update.isPending} data-testid="save-profile">
          {t('common.save')}
        </button>
        <Link to={`/members/${member.id}`} className="button button--quiet">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** The member's image on their edit page: its preview is the member as the page has it (pushed changes included). */
const MemberImageField = ({ member }: { member: MemberDto }) => {
  const { t } = useTranslation();
  const setImage = useSetProfileImage(member.id);
  return (
    <ProfileImageField
      label={t('profile_image.title')}
      preview={<Avatar member={member} size="large" />}
      hasImage={Boolean(member.images.small)}
      save={(file) => setImage.mutateAsync(file)}
      testId="profile-image-field"
    />
  );
};

/** /members/:id/edit: the member's own profile, or anyone's for network administrators (`can.update_profile`). */
export const MemberEditPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const member = useMember(id);
  const load = loadOf(member);
  usePageTitle('members.edit.title');
  return (
    <section className="page" data-testid="member-edit">
      <h1 className="page__title">{t('members.edit.title')}</h1>
      {load.phase === 'loaded' ? (
        load.data.can?.update_profile ? (
          <>
            <MemberImageField member={load.data} />
            <ProfileForm key={load.data.id} member={load.data} />
          </>
        ) : (
          <EmptyState title="errors.forbidden" testId="member-edit-forbidden" />
        )
      ) : (
        <LoadStatus load={load} onRetry={() => void member.refetch()} testId="member-edit" />
      )}
    </section>
  );
};
