import { FIELD_TYPES, fieldTypeOf, type AppDto, type PropertyDefinition } from '@cn/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { propertyErrorsOf, type PropertyErrors } from './field-errors';
import { FieldInput, useErrorText } from './FieldInput';

/** A property is disabled when the item's can map disallows update, or update[{name}] is false. */
export const isDisabled = (can: Record<string, boolean>, property: PropertyDefinition): boolean => can.update === false || can[`update[${property.name}]`] === false;

/** What the form sends: only the enabled properties (all on create, the changed ones on edit). */
export const valuesToSend = (properties: readonly PropertyDefinition[], can: Record<string, boolean>, values: Record<string, unknown>, initial: Record<string, unknown> | null) => {
  const sent: Record<string, unknown> = {};
  for (const property of properties) {
    const type = fieldTypeOf(property.type);
    if (!type || type.displayOnly || isDisabled(can, property)) continue;
    const value = values[property.name] ?? type.empty(property);
    if (initial && JSON.stringify(initial[property.name] ?? type.empty(property)) === JSON.stringify(value)) continue;
    if (!initial && type.isEmpty(value)) continue;
    sent[property.name] = value;
  }
  return sent;
};

/** The form generated from an app's definitions, in their order; server errors appear under their field. */
export const ItemForm = ({
  app,
  initial,
  can,
  memberNames,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  app: AppDto;
  initial: Record<string, unknown> | null;
  can: Record<string, boolean>;
  memberNames: Record<string, string>;
  submitLabel: string;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<string, unknown>>(initial ?? {});
  const [errors, setErrors] = useState<Record<string, PropertyErrors>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the form checks what it can before sending (the same rules as the server): required fields
    const missing: Record<string, PropertyErrors> = {};
    for (const property of app.properties) {
      const type = FIELD_TYPES[property.type];
      if (!property.required || type.displayOnly || isDisabled(can, property)) continue;
      if (type.isEmpty(values[property.name] ?? type.empty(property))) missing[property.name] = { self: 'required', parts: {} };
    }
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    setGeneral(null);
    try {
      await onSubmit(valuesToSend(app.properties, can, values, initial));
      setErrors({});
    } catch (error) {
      const found = propertyErrorsOf(error);
      setErrors(found);
      if (Object.keys(found).length === 0) setGeneral(error instanceof ApiError ? error.key : 'generic_error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="apps-form" onSubmit={(event) => void submit(event)} noValidate>
      {general && (
        <div className="alert alert--error" role="alert">
          {errorText(general)}
        </div>
      )}
      {app.properties.map((property) => (
        <FieldInput
          key={property.id}
          property={property}
          value={values[property.name]}
          disabled={isDisabled(can, property) || saving}
          errors={errors[property.name]}
          memberNames={memberNames}
          appId={app.id}
          onChange={(value) => {
            setValues((current) => ({ ...current, [property.name]: value }));
            setErrors((current) => {
              const { [property.name]: _fixed, ...rest } = current;
              return rest;
            });
          }}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {submitLabel}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t('apps.form.cancel')}
        </button>
      </div>
    </form>
  );
};
