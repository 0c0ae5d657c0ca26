import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentForm, FormErrors } from '../appointment-form';

/** A change of the form, as a function of its current state (several changes in one event compose). */
export type FormChange = (current: AppointmentForm) => AppointmentForm;

/** What every section of the appointment form gets. */
export interface SectionProps {
  form: AppointmentForm;
  errors: FormErrors;
  onChange: (change: FormChange) => void;
}

export const patch =
  (values: Partial<AppointmentForm>): FormChange =>
  (current) => ({ ...current, ...values });

export const patchNested =
  <K extends 'location' | 'attendee_configuration' | 'application_configuration' | 'recurrence_pattern' | 'teams_configuration' | 'meeting'>(
    key: K,
    values: Partial<AppointmentForm[K]>,
  ): FormChange =>
  (current) => ({ ...current, [key]: { ...current[key], ...values } });

/** A field's error, in words (the appointment screens' own wording first). */
export const FieldError = ({ errors, field }: { errors: FormErrors; field: string }) => {
  const { t } = useTranslation();
  const key = errors[field];
  return key ? (
    <p className="field__error" data-testid={`error-${field}`} data-key={key}>
      {t(`appointments.errors.${key}`, { defaultValue: t(`errors.${key}`) })}
    </p>
  ) : null;
};

export const Fieldset = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="form-section">
    <legend>{legend}</legend>
    {children}
  </fieldset>
);

export const Check = ({ name, checked, disabled, onChange, label }: { name: string; checked: boolean; disabled?: boolean; onChange: (value: boolean) => void; label: string }) => (
  <label className="check">
    <input type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
    {label}
  </label>
);
