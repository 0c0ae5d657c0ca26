import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_PROFILE_SET, type ErrorResponse, type FileItemDto, type PropertyDefinition } from '@cn/contracts';
import { ApiError, errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { filesKeys, useFilesApi, useFilesCommand } from './files-queries';

/**
 * The properties of the file or folder profile that applies in a scope (the network's, or a group's as
 * property sets inherit); none while the network's profiles are off (`enabled`), so no field shows then.
 */
export const useProfileProperties = (setName: string, groupId: string | null, enabled: boolean) => {
  const api = useFilesApi();
  return useQuery({ queryKey: [...filesKeys.all, 'profile', setName, groupId ?? ''], queryFn: () => api.profileProperties(setName, groupId), enabled });
};

/** a refusal's profile fields (`file_profile.kind` → kind) with their message keys (a field's wording: not the files screen's, which speaks of names) */
export const profileFieldErrors = (translations: Parameters<typeof refusalMessageKey>[0], body: Pick<ErrorResponse, 'errors'> | undefined, field: string): Record<string, string> =>
  Object.fromEntries(
    (body?.errors ?? []).flatMap((error) => (error.field.startsWith(`${field}.`) ? [[error.field.slice(field.length + 1), refusalMessageKey(translations, error.key, ['files.profile_errors'])]] : [])),
  );

/**
 * A refused save of a form with profile fields: the profile fields' messages (`field`: file_profile or
 * folder_profile), or else the one message the whole form shows (null when the fields say it).
 */
export const profileRefusal = (translations: Parameters<typeof refusalMessageKey>[0], error: unknown, field: string): { fields: Record<string, string>; messageKey: string | null } => {
  const fields = profileFieldErrors(translations, error instanceof ApiError ? error.body : undefined, field);
  if (Object.keys(fields).length > 0) return { fields, messageKey: null };
  const key = error instanceof ApiError ? (error.body.errors[0]?.key ?? errorKeyOf(error)) : errorKeyOf(error);
  return { fields, messageKey: refusalMessageKey(translations, key, ['files.errors']) };
};

/** One input per profile property: a text, a day or one of the selection's options; labels are the administrator's. */
export const ProfileFields = ({
  title,
  properties,
  values,
  errors,
  onChange,
}: {
  title: string;
  properties: readonly PropertyDefinition[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onChange: (values: Record<string, string>) => void;
}) => {
  const { t } = useTranslation();
  if (properties.length === 0) return null;
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  return (
    <fieldset className="profile-fields" data-testid="profile-fields">
      <legend>{title}</legend>
      {properties.map((property) => {
        const value = values[property.name] ?? '';
        const common = { id: `profile-${property.name}`, required: property.required, 'aria-invalid': errors[property.name] ? true : undefined, 'data-testid': `profile-${property.name}` };
        return (
          <label className="field" key={property.name} htmlFor={common.id}>
            <span>{property.label}</span>
            {property.type === 'selection' ? (
              <select {...common} value={value} onChange={(event) => set(property.name, event.target.value)}>
                <option value="">{t('files.form.profile_none')}</option>
                {property.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={property.type === 'date' ? 'date' : 'text'} maxLength={property.maxlength ?? undefined} value={value} onChange={(event) => set(property.name, event.target.value)} />
            )}
            {property.hint ? <small className="muted">{property.hint}</small> : null}
            {errors[property.name] ? <span className="field-error" role="alert">{t(errors[property.name] ?? '')}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
};

/**
 * A file's profile on its page: each property's value (a selection by its option's label) and, for who may
 * change the file, the profile's fields to replace them. Nothing while the network's profiles are off
 * (`file.file_profile` null).
 */
export const FileProfileSection = ({ file }: { file: Pick<FileItemDto, 'id' | 'group_id' | 'file_profile' | 'revision' | 'can'> }) => {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const properties = useProfileProperties(FILE_PROFILE_SET, file.group_id, file.file_profile !== null);
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFilesCommand((files, values: Record<string, string>) => files.changeProfile(file.id, values, file.revision));
  if (file.file_profile === null || (properties.data ?? []).length === 0) return null;
  const values = file.file_profile;
  const shown = (property: PropertyDefinition): string => {
    const value = values[property.name] ?? '';
    return property.type === 'selection' ? (property.options.find((option) => option.value === value)?.label ?? value) : value;
  };
  const submit = () =>
    save.mutate(editing ?? {}, {
      onSuccess: () => {
        setEditing(null);
        setErrors({});
      },
      onError: (error) => {
        const { fields, messageKey } = profileRefusal(i18n, error, 'file_profile');
        setErrors(fields);
        if (messageKey) toasts.show('error', t(messageKey));
      },
    });
  return (
    <section className="file-profile" data-testid="file-profile">
      {editing ? (
        <form onSubmit={(event) => { event.preventDefault(); submit(); }}>
          <ProfileFields title={t('files.form.profile')} properties={properties.data ?? []} values={editing} errors={errors} onChange={setEditing} />
          <div className="form-actions">
            <button type="submit" className="button" disabled={save.isPending} data-testid="file-profile-save">
              {t('common.save')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <h2>{t('files.form.profile')}</h2>
          <dl>
            {(properties.data ?? []).map((property) => (
              <div key={property.name} data-testid={`file-profile-${property.name}`}>
                <dt>{property.label}</dt>
                <dd>{shown(property) || '—'}</dd>
              </div>
            ))}
          </dl>
          {file.can.update ? (
            <button type="button" className="button button--quiet" onClick={() => setEditing({ ...values })} data-testid="file-profile-edit">
              {t('files.file.edit_profile')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
};
