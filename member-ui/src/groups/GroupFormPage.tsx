import {
  allowedGroupAccess,
  GROUP_ACCESS,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_TEASER_MAX,
  type GroupAccess,
  type GroupDetailDto,
  type GroupDetails,
} from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { ConfirmButton } from './GroupActions';
import { useGroupRefusal } from './group-refusal';
import { useForgetGroup, useGroup, useGroupCommand, useNewGroupForm } from './groups-queries';
import './groups.css';
import { ProfileImageField } from '../common/ProfileImageField';
import { GroupImage } from './GroupImage';

type Tab = 'basic' | 'join' | 'misc';
const TABS: readonly Tab[] = ['basic', 'join', 'misc'];
type Form = Omit<GroupDetails, 'group_category_id'>;

const blank: Form = {
  name: '',
  teaser: '',
  description: '',
  access: 'open',
  moderated_join: false,
  members_can_invite: false,
  externally_visible: false,
  sensitive: false,
  active_main_group: false,
  chat: 'disabled',
};
const formOf = (group: GroupDetailDto): Form => ({
  name: group.name,
  teaser: group.teaser,
  description: group.description,
  access: group.access,
  moderated_join: group.moderated_join,
  members_can_invite: group.members_can_invite,
  externally_visible: group.externally_visible,
  sensitive: group.sensitive,
  active_main_group: group.active_main_group,
  chat: group.chat,
});

/** errors by field of the request body (`group.name`, `group.access`, …) */
const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(error.body.errors.map((entry) => [entry.field, entry.key])) : {};

const FieldError = ({ errors, field }: { errors: Record<string, string>; field: string }) => {
  const { t, i18n } = useTranslation();
  const key = errors[field];
  if (!key) return null;
  return (
    <p className="field__error" data-testid={`error-${field}`}>
      {t(i18n.exists(`groups.errors.${key}`) ? `groups.errors.${key}` : `errors.${key}`)}
    </p>
  );
};

/**
 * The group form (§2, §5): tabs basic (name, teaser, description), join (access with its rules, moderated
 * join, invites, external visibility; sensitive and main group for network admins) and misc (chat).
 * Access: open not for sensitive groups, closed not for the active main group, hidden only with
 * can.create_hidden, locked for the main group; moderated join is hidden for hidden groups. The rules are
 * the server's own (contracts), so the form offers exactly what the server accepts.
 */
const GroupForm = ({
  initial,
  previous,
  categoryId,
  networkAdmin,
  submitLabel,
  onSubmit,
}: {
  initial: Form;
  previous: GroupDetails | null;
  categoryId: string | null;
  networkAdmin: boolean;
  submitLabel: string;
  onSubmit: (form: Form) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('basic');
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((current) => ({ ...current, [field]: value }));
  const details: GroupDetails = { ...form, group_category_id: categoryId };
  const allowed = allowedGroupAccess(details, previous, { network_admin: networkAdmin });
  const accessLocked = previous?.active_main_group === true;
  const pristine = JSON.stringify(form) === JSON.stringify(initial);

  const submit = async () => {
    if (!form.name.trim()) {
      setErrors({ 'group.name': 'required' });
      setTab('basic');
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ ...form, moderated_join: form.access === 'hidden' ? false : form.moderated_join });
      setErrors({});
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      if (found['group.name']) setTab('basic');
      else if (Object.keys(found).length > 0) setTab('join');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="group-form"
      noValidate
      data-testid="group-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="tabs" role="tablist" aria-label={t('groups.form.tabs_label')}>
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" className="tab" aria-selected={tab === name} data-testid={`group-form-tab-${name}`} onClick={() => setTab(name)}>
            {t(`groups.form.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div hidden={tab !== 'basic'}>
        <div className="field">
          <label htmlFor="group-name">{t('groups.form.name')}</label>
          <input id="group-name" data-testid="group-form-name" value={form.name} maxLength={GROUP_NAME_MAX} aria-invalid={Boolean(errors['group.name'])} onChange={(event) => set('name', event.target.value)} />
          <FieldError errors={errors} field="group.name" />
        </div>
        <div className="field">
          <label htmlFor="group-teaser">{t('groups.form.teaser')}</label>
          <input id="group-teaser" data-testid="group-form-teaser" value={form.teaser} maxLength={GROUP_TEASER_MAX} onChange={(event) => set('teaser', event.target.value)} />
          <FieldError errors={errors} field="group.teaser" />
        </div>
        <div className="field">
          <label htmlFor="group-description">{t('groups.form.description')}</label>
          <textarea id="group-description" rows={6} value={form.description} maxLength={GROUP_DESCRIPTION_MAX} onChange={(event) => set('description', event.target.value)} />
        </div>
      </div>
      <div hidden={tab !== 'join'}>
        <fieldset disabled={accessLocked} data-testid="group-form-access">
          <legend>{t('groups.form.access')}</legend>
          {GROUP_ACCESS.map((access: GroupAccess) => (
            <label key={access}>
              <input
                type="radio"
                name="access"
                value={access}
                checked={form.access === access}
                disabled={!allowed[access] && form.access !== access}
                data-testid={`group-form-access-${access}`}
                onChange={() => set('access', access)}
              />{' '}
              {t(`groups.access.${access}`)} <span className="muted">{t(`groups.access_hint.${access}`)}</span>
            </label>
          ))}
          {accessLocked ? <p className="muted">{t('groups.form.access_locked')}</p> : null}
          <FieldError errors={errors} field="group.access" />
        </fieldset>
        {form.access === 'hidden' ? null : (
          <label className="field">
            <span>
              <input type="checkbox" checked={form.moderated_join} data-testid="group-form-moderated" onChange={(event) => set('moderated_join', event.target.checked)} />{' '}
              {t('groups.form.moderated_join')}
            </span>
            <FieldError errors={errors} field="group.moderated_join" />
          </label>
        )}
        <label className="field">
          <span>
            <input type="checkbox" checked={form.members_can_invite} onChange={(event) => set('members_can_invite', event.target.checked)} /> {t('groups.form.members_can_invite')}
          </span>
        </label>
        <label className="field">
          <span>
            <input type="checkbox" checked={form.externally_visible} onChange={(event) => set('externally_visible', event.target.checked)} /> {t('groups.form.externally_visible')}
          </span>
        </label>
        {networkAdmin ? (
          <>
            <label className="field">
              <span>
                <input type="checkbox" checked={form.sensitive} data-testid="group-form-sensitive" onChange={(event) => set('sensitive', event.target.checked)} /> {t('groups.form.sensitive')}
              </span>
              <FieldError errors={errors} field="group.sensitive" />
            </label>
            <label className="field">
              <span>
                <input type="checkbox" checked={form.active_main_group} onChange={(event) => set('active_main_group', event.target.checked)} /> {t('groups.form.active_main_group')}
              </span>
              <FieldError errors={errors} field="group.active_main_group" />
            </label>
          </>
        ) : null}
      </div>
      <div hidden={tab !== 'misc'}>
        <fieldset>
          <legend>{t('groups.form.chat')}</legend>
          {(['enabled', 'disabled'] as const).map((chat) => (
            <label key={chat}>
              <input type="radio" name="chat" checked={form.chat === chat} onChange={() => set('chat', chat)} /> {t(`groups.chat.${chat}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="group-actions">
        <button type="submit" className="button" disabled={saving || (pristine && previous !== null)} data-testid="group-form-save">
          {t(submitLabel)}
        </button>
      </p>
    </form>
  );
};

/** /groups/new/{categorySlug} */
export const NewGroupPage = () => {
  const { t } = useTranslation();
  const { categorySlug = '' } = useParams();
  const { member } = useSignedIn();
  const navigate = useNavigate();
  const toasts = useToasts();
  const form = useNewGroupForm(categorySlug);
  const load = loadOf(form);
  const create = useGroupCommand((api, group: Form) => api.create({ group_category_slug: categorySlug, group }));
  usePageTitle('groups.form.new_title');
  if (load.phase !== 'loaded') {
    return (
      <section className="page">
        <LoadStatus load={load} onRetry={() => void form.refetch()} testId="new-group" />
      </section>
    );
  }
  if (!load.data.can.create) {
    return (
      <section className="page">
        <EmptyState title="groups.form.not_allowed" testId="new-group-forbidden" />
      </section>
    );
  }
  return (
    <section className="page" data-testid="new-group-page">
      <h1 className="page__title">{t('groups.form.new_heading', { category: load.data.category.name })}</h1>
      <GroupForm
        initial={blank}
        previous={null}
        categoryId={load.data.category.id}
        networkAdmin={member.is_network_admin}
        submitLabel="groups.form.create"
        onSubmit={async (group) => {
          try {
            const created = await create.mutateAsync(group);
            toasts.show('success', 'groups.flash.created');
            void navigate(`/groups/${created.slug}`);
          } catch (error) {
            toasts.show('error', 'groups.create.failure');
            throw error;
          }
        }}
      />
    </section>
  );
};

/** The danger zone: archive or unarchive, delete (asked first). An archived group's edit page shows only this. */
const DangerZone = ({ group }: { group: GroupDetailDto }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const refusal = useGroupRefusal();
  const forget = useForgetGroup();
  const archive = useGroupCommand((api, archived: boolean) => api.archive(group.slug, archived));
  const destroy = useGroupCommand((api, _none: null) => api.destroy(group.slug));
  const fail = (error: unknown) => toasts.show('error', refusal(error));
  return (
    <section className="danger-zone" data-testid="danger-zone">
      <h2>{t('groups.danger.title')}</h2>
      {group.can.archive ? (
        <p className="group-actions">
          <button
            type="button"
            className="button button--quiet"
            disabled={archive.isPending}
            data-testid={group.archived ? 'group-unarchive' : 'group-archive'}
            onClick={() => void archive.mutateAsync(!group.archived).then(() => toasts.show('success', group.archived ? 'groups.flash.unarchived' : 'groups.flash.archived'), fail)}
          >
            {t(group.archived ? 'groups.danger.unarchive' : 'groups.danger.archive')}
          </button>
          <span className="muted">{t(group.archived ? 'groups.danger.unarchive_hint' : 'groups.danger.archive_hint')}</span>
        </p>
      ) : null}
      {group.can.destroy ? (
        <p className="group-actions">
          <ConfirmButton
            label="groups.danger.delete"
            question="groups.danger.delete_question"
            confirm="groups.danger.delete_confirm"
            danger
            disabled={destroy.isPending}
            testId="group-delete"
            onConfirm={() =>
              void destroy.mutateAsync(null).then(() => {
                forget(group.slug);
                toasts.show('success', 'groups.flash.deleted');
                void navigate('/directory');
              }, fail)
            }
          />
        </p>
      ) : null}
    </section>
  );
};

/** /groups/{slug}/edit */
export const EditGroupPage = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { member } = useSignedIn();
  const toasts = useToasts();
  const group = useGroup(slug);
  const load = loadOf(group);
  const update = useGroupCommand((api, changes: Form) => api.update(slug, { group: changes }));
  const setImage = useGroupCommand((api, file: File | null) => api.setImage(slug, file));
  usePageTitle('groups.form.edit_title');
  if (load.phase !== 'loaded') {
    return (
      <section className="page">
        <LoadStatus load={load} onRetry={() => void group.refetch()} testId="edit-group" />
      </section>
    );
  }
  const data = load.data;
  if (!data.can.update && !data.can.archive) {
    return (
      <section className="page">
        <EmptyState title="groups.form.not_allowed" testId="edit-group-forbidden" />
      </section>
    );
  }
  const previous: GroupDetails = { ...formOf(data), group_category_id: data.group_category_id };
  return (
    <section className="page" data-testid="edit-group-page">
      <h1 className="page__title">{t('groups.form.edit_heading', { name: data.name })}</h1>
      <p>
        <Link to={`/groups/${data.slug}`}>{t('groups.form.back')}</Link>
      </p>
      {data.archived ? (
        <div className="alert" role="status" data-testid="edit-group-archived">
          {t('groups.archived_notice')}
        </div>
      ) : data.can.update ? (
        <ProfileImageField
          label={t('profile_image.group_title')}
          preview={<GroupImage group={data} />}
          hasImage={Boolean(data.profile_image)}
          save={(file) => setImage.mutateAsync(file)}
          testId="group-image-field"
        />
      ) : null}
      {!data.archived && data.can.update ? (
        <GroupForm
          key={JSON.stringify(formOf(data))}
          initial={formOf(data)}
          previous={previous}
          categoryId={data.group_category_id}
          networkAdmin={member.is_network_admin}
          submitLabel="common.save"
          onSubmit={async (form) => {
            try {
              await update.mutateAsync(form);
              toasts.show('success', 'groups.flash.updated');
            } catch (error) {
              toasts.show('error', 'groups.update.failure');
              throw error;
            }
          }}
        />
      ) : null}
      <DangerZone group={data} />
    </section>
  );
};
