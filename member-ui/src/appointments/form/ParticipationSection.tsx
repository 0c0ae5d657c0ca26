import { useTranslation } from 'react-i18next';
import { Check, FieldError, Fieldset, patchNested, type SectionProps } from './form-parts';

const ATTENDEE_CHECKS = ['total_attendees_enforced', 'user_can_opt', 'show_participants_to_admins_only'] as const;

/** Who takes part and how: the attendee limit and its rules, registration, costs, deadline and ticket link. */
export const ParticipationSection = ({ form, errors, onChange }: SectionProps) => {
  const { t } = useTranslation();
  const attendees = form.attendee_configuration;
  const application = form.application_configuration;
  return (
    <>
      <Fieldset legend={t('appointments.form.attendees')}>
        <label className="inline-field" data-field="attendee_configuration.total">
          {t('appointments.fields.total')}
          <input
            type="number"
            min={0}
            name="attendee_configuration.total"
            value={attendees.total}
            aria-invalid={Boolean(errors['attendee_configuration.total'])}
            onChange={(event) => onChange(patchNested('attendee_configuration', { total: event.target.value }))}
          />
          <FieldError errors={errors} field="attendee_configuration.total" />
        </label>
        {ATTENDEE_CHECKS.map((key) => (
          <Check
            key={key}
            name={`attendee_configuration.${key}`}
            checked={attendees[key]}
            onChange={(value) => onChange(patchNested('attendee_configuration', { [key]: value }))}
            label={t(`appointments.fields.${key}`)}
          />
        ))}
      </Fieldset>
      <Fieldset legend={t('appointments.form.registration')}>
        <Check
          name="application_configuration.registration_required"
          checked={application.registration_required}
          onChange={(value) => onChange(patchNested('application_configuration', { registration_required: value }))}
          label={t('appointments.fields.registration_required')}
        />
        <Check
          name="application_configuration.registration_with_costs"
          checked={application.registration_with_costs}
          onChange={(value) => onChange(patchNested('application_configuration', { registration_with_costs: value }))}
          label={t('appointments.fields.registration_with_costs')}
        />
        <div className="field-row">
          <label className="inline-field" data-field="application_configuration.costs">
            {t('appointments.fields.costs')}
            <input
              type="number"
              min={0}
              step="0.01"
              name="application_configuration.costs"
              value={application.costs}
              aria-invalid={Boolean(errors['application_configuration.costs'])}
              onChange={(event) => onChange(patchNested('application_configuration', { costs: event.target.value }))}
            />
            <FieldError errors={errors} field="application_configuration.costs" />
          </label>
          <label className="inline-field">
            {t('appointments.fields.currency')}
            <input
              name="application_configuration.currency"
              maxLength={3}
              value={application.currency}
              onChange={(event) => onChange(patchNested('application_configuration', { currency: event.target.value.toUpperCase() }))}
            />
          </label>
          <label className="inline-field" data-field="application_configuration.registration_deadline">
            {t('appointments.fields.registration_deadline')}
            <input
              type="date"
              name="application_configuration.registration_deadline"
              value={application.registration_deadline}
              onChange={(event) => onChange(patchNested('application_configuration', { registration_deadline: event.target.value }))}
            />
          </label>
        </div>
        <label className="inline-field inline-field--grow">
          {t('appointments.fields.ticket_url')}
          <input
            type="url"
            name="application_configuration.url"
            value={application.url}
            onChange={(event) => onChange(patchNested('application_configuration', { url: event.target.value }))}
          />
        </label>
      </Fieldset>
    </>
  );
};
