import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorResponse, PropertyDefinition } from '@cn/contracts';
import { refusalMessageKey } from '../i18n/refusal-message';
import { filesKeys, useFilesApi } from './files-queries';

/**
 * The properties of the file or folder profile that applies in a scope (the network's, or a group's as
 * property sets inherit); none while the network's profiles are off (`enabled`), so no field shows then.
 */
export const useProfileProperties = (setName: string, groupId: string | null, enabled: boolean) => {
  const api = useFilesApi();
  return useQuery({ queryKey: [...filesKeys.all, 'profile', setName, groupId ?? ''], queryFn: () => api.profileProperties(setName, groupId), enabled });
};

/** a refusal's profile fields (`file_profile.kind` → kind) with their message keys */
export const profileFieldErrors = (translations: Parameters<typeof refusalMessageKey>[0], body: Pick<ErrorResponse, 'errors'> | undefined, field: string): Record<string, string> =>
  Object.fromEntries(
    (body?.errors ?? []).flatMap((error) => (error.field.startsWith(`${field}.`) ? [[error.field.slice(field.length + 1), refusalMessageKey(translations, error.key, ['files.errors'])]] : [])),
  );

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
