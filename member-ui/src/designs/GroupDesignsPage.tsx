import { DEFAULT_DESIGN_COLORS, DESIGN_NAME_MAX, designLogoPath, type CommandAccepted, type DesignDto, type DesignRequest, type GroupDetailDto } from '@cn/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router-dom';
import { ApiError, type ApiClient } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { filesApi } from '../files/files-api';
import { LoadStatus } from '../common/LoadStatus';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { designKeys } from './designs-queries';

/** the segments of a scope's designs route: ['groups', slug] or ['group-categories', id] */
export type DesignScopePath = readonly [string, string];
const path = (scope: DesignScopePath, ...rest: string[]) => ['', ...scope, 'administration', 'designs', ...rest].map(encodeURIComponent).join('/');

/** a scope's designs and the commands on them (GET/POST/PUT/DELETE /groups/{slug}/… or /group-categories/{id}/administration/designs) */
const scopeDesignsApi = (api: ApiClient, scope: DesignScopePath) => ({
  list: () => api.request<DesignDto[]>('GET', path(scope), { query: { sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 99]) } }),
  create: (body: DesignRequest) => api.request<CommandAccepted & { id: string }>('POST', path(scope), { body }),
  update: (id: string, body: DesignRequest) => api.request<CommandAccepted>('PUT', path(scope, id), { body }),
  activate: (id: string, active: boolean) => api.request<CommandAccepted>('PUT', path(scope, id, 'activate'), { body: { active } }),
  remove: (id: string) => api.request<CommandAccepted>('DELETE', path(scope, id)),
});
type ScopeDesignsApi = ReturnType<typeof scopeDesignsApi>;

/** every design change anywhere invalidates ['designs', …] (designsLive), so the list follows live */
const scopeDesignsKey = (scope: DesignScopePath) => [...designKeys.all, ...scope] as const;

interface Draft extends Required<Omit<DesignRequest, 'logo_url'>> {
  id: string | null;
  logo_url: string;
}
const newDraft = (): Draft => ({ id: null, name: '', ...DEFAULT_DESIGN_COLORS, logo_url: '' });
const draftOf = (design: DesignDto): Draft => ({
  id: design.id,
  name: design.name,
  primary_color: design.primary_color,
  primary_text_color: design.primary_text_color,
  background_color: design.background_color,
  logo_url: design.logo_url ?? '',
});

const COLOURS = ['primary_color', 'primary_text_color', 'background_color'] as const;

/** create or edit one design: name, the three colours (with a preview), the logo's storage address */
const DesignForm = ({
  draft,
  onSave,
  onCancel,
  onUpload,
  pending,
  errors,
}: {
  draft: Draft;
  onSave: (draft: Draft) => void;
  onCancel: () => void;
  /** uploads the logo as the designer's own file and answers its storage path */
  onUpload: (file: File) => Promise<string>;
  pending: boolean;
  errors: Record<string, string>;
}) => {
  const { t } = useTranslation();
  const [values, setValues] = useState(draft);
  const [uploading, setUploading] = useState(false);
  const set = (field: keyof Draft, value: string) => setValues((current) => ({ ...current, [field]: value }));
  return (
    <form
      className="group-form"
      noValidate
      data-testid="group-design-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(values);
      }}
    >
      <h2>{t(values.id ? 'groups.designs.edit_title' : 'groups.designs.new_title')}</h2>
      <label className="field">
        <span>{t('groups.designs.fields.name')}</span>
        <input value={values.name} maxLength={DESIGN_NAME_MAX} data-testid="group-design-name" onChange={(event) => set('name', event.target.value)} />
        {errors['name'] ? <span className="field__error">{t(errors['name'])}</span> : null}
      </label>
      {COLOURS.map((field) => (
        <label key={field} className="field field--inline">
          <input type="color" value={values[field]} data-testid={`group-design-${field}`} onChange={(event) => set(field, event.target.value)} />
          <span>{t(`groups.designs.fields.${field}`)}</span>
          {errors[field] ? <span className="field__error">{t(errors[field])}</span> : null}
        </label>
      ))}
      <p className="design-preview" style={{ background: values.background_color, padding: '0.5rem' }}>
        <span style={{ background: values.primary_color, color: values.primary_text_color, padding: '0.25rem 0.5rem' }}>{values.name || t('groups.designs.preview')}</span>
      </p>
      <label className="field">
        <span>{t('groups.designs.fields.logo_url')}</span>
        <input value={values.logo_url} data-testid="group-design-logo" onChange={(event) => set('logo_url', event.target.value)} />
        <span className="muted">{t('groups.designs.logo_hint')}</span>
        {values.logo_url ? <img src={values.logo_url} alt="" style={{ maxHeight: '3rem' }} data-testid="group-design-logo-preview" /> : null}
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-label={t('groups.designs.upload_logo')}
          disabled={uploading}
          data-testid="group-design-logo-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setUploading(true);
            void onUpload(file)
              .then((logo) => set('logo_url', logo), () => undefined)
              .finally(() => setUploading(false));
          }}
        />
        {errors['logo_url'] ? <span className="field__error">{t(errors['logo_url'])}</span> : null}
      </label>
      <p className="group-actions">
        <button type="submit" className="button" disabled={pending} data-testid="group-design-save">
          {t('groups.designs.save')}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t('groups.designs.cancel')}
        </button>
      </p>
    </form>
  );
};

/**
 * A scope's designs (a group's, a group category's): its administrators (and network administrators) keep
 * them and choose the active one, which the member console applies on the scope's pages. `editing` opens
 * that design's form once the list is here (the spec's …/designs/{designId}/edit).
 */
export const ScopeDesigns = ({ scope, mayEdit, mayRead = mayEdit, backTo, hint, editing }: { scope: DesignScopePath; mayEdit: boolean; mayRead?: boolean; backTo: string; hint: string; editing?: string }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const client = useQueryClient();
  const toasts = useToasts();
  const calls = scopeDesignsApi(api, scope);
  // those who may only read (auditors of a category) see the list without its actions
  const designs = useQuery({ queryKey: scopeDesignsKey(scope), queryFn: calls.list, enabled: mayRead });
  const load = loadOf(designs);
  const [draft, setDraft] = useState<Draft | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const found = mayEdit && editing && opened.current !== editing ? designs.data?.find((design) => design.id === editing) : undefined;
    if (!found) return;
    opened.current = found.id;
    setDraft(draftOf(found));
  }, [mayEdit, editing, designs.data]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const command = useMutation({
    mutationFn: (run: (designs: ScopeDesignsApi) => Promise<unknown>) => run(calls),
    onSettled: () => client.invalidateQueries({ queryKey: designKeys.all }),
  });
  const refusal = (error: unknown) => refusalMessageKey(i18n, error instanceof ApiError ? error.key : 'generic_error', ['groups.designs.errors']);
  const perform = (run: (designs: ScopeDesignsApi) => Promise<unknown>, success: string, after?: () => void) =>
    void command.mutateAsync(run).then(
      () => {
        toasts.show('success', success);
        after?.();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.body.errors.length > 0) {
          setErrors(Object.fromEntries(error.body.errors.map(({ field, key }) => [field, refusalMessageKey(i18n, key, ['groups.designs.errors'])])));
        }
        toasts.show('error', refusal(error));
      },
    );
  const uploadLogo = (file: File): Promise<string> =>
    filesApi(api)
      .upload(file, () => undefined)
      .then(
        (uploaded) => designLogoPath(uploaded.id),
        (error: unknown) => {
          toasts.show('error', refusal(error));
          throw error;
        },
      );
  const save = (values: Draft) => {
    const body: DesignRequest = { name: values.name, primary_color: values.primary_color, primary_text_color: values.primary_text_color, background_color: values.background_color, logo_url: values.logo_url };
    setErrors({});
    const id = values.id;
    perform((designs) => (id ? designs.update(id, body) : designs.create(body)), 'groups.designs.saved', () => setDraft(null));
  };

  if (!mayRead) return <EmptyState title="groups.administration.forbidden" testId="group-designs-forbidden" />;
  return (
    <div data-testid="group-designs">
      <h2>{t('groups.designs.title')}</h2>
      <p className="muted">{t(hint)}</p>
      {mayEdit ? null : <p className="muted" data-testid="group-designs-read-only">{t('groups.designs.read_only')}</p>}
      <LoadStatus load={load} onRetry={() => void designs.refetch()} testId="group-designs-load" />
      {load.phase === 'loaded' && load.data.length === 0 ? (
        <p className="muted" data-testid="group-designs-empty">
          {t('groups.designs.empty')}
        </p>
      ) : null}
      {load.phase === 'loaded' && load.data.length > 0 ? (
        <ul className="group-list">
          {load.data.map((design) => (
            <li key={design.id} className="group-row" data-testid={`group-design-${design.id}`}>
              <span aria-hidden="true" style={{ display: 'inline-block', width: '1.5rem', height: '1.5rem', background: design.primary_color, border: `4px solid ${design.background_color}` }} />
              <strong>{design.name}</strong>
              {design.active ? <span className="badge" data-testid="group-design-active">{t('groups.designs.active')}</span> : null}
              {mayEdit ? (
              <span className="group-actions">
                <button type="button" className="button button--quiet" disabled={command.isPending} onClick={() => perform((designs) => designs.activate(design.id, !design.active), design.active ? 'groups.designs.deactivated' : 'groups.designs.activated')} data-testid="group-design-activate">
                  {t(design.active ? 'groups.designs.deactivate' : 'groups.designs.activate')}
                </button>
                <button type="button" className="button button--quiet" onClick={() => { setErrors({}); setDraft(draftOf(design)); }} data-testid="group-design-edit">
                  {t('groups.designs.edit')}
                </button>
                {deleting === design.id ? (
                  <>
                    <span>{t('groups.designs.delete_confirm', { name: design.name })}</span>
                    <button type="button" className="button" disabled={command.isPending} onClick={() => perform((designs) => designs.remove(design.id), 'groups.designs.deleted', () => setDeleting(null))} data-testid="group-design-delete-confirm">
                      {t('groups.designs.delete')}
                    </button>
                    <button type="button" className="button button--quiet" onClick={() => setDeleting(null)}>
                      {t('groups.designs.cancel')}
                    </button>
                  </>
                ) : (
                  <button type="button" className="button button--quiet" onClick={() => setDeleting(design.id)} data-testid="group-design-delete">
                    {t('groups.designs.delete')}
                  </button>
                )}
              </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {draft && mayEdit ? (
        <DesignForm key={draft.id ?? 'new'} draft={draft} pending={command.isPending} errors={errors} onSave={save} onCancel={() => setDraft(null)} onUpload={uploadLogo} />
      ) : (
        <p className="group-actions">
          {mayEdit ? (
            <button type="button" className="button" onClick={() => { setErrors({}); setDraft(newDraft()); }} data-testid="group-design-new">
              {t('groups.designs.new')}
            </button>
          ) : null}
          <Link className="button button--quiet" to={backTo}>
            {t('groups.designs.back')}
          </Link>
        </p>
      )}
    </div>
  );
};

/** /groups/{slug}/administration/designs: the group's designs, applied on the group's pages */
export const GroupDesignsPage = () => {
  const group = useOutletContext<GroupDetailDto>();
  return <ScopeDesigns scope={['groups', group.slug]} mayEdit={group.can.edit_designs} backTo={`/groups/${group.slug}/administration`} hint="groups.designs.hint" />;
};
