import { RECURRENCE_FREQUENCIES, allowedEndDates, chooseRecurrenceFrequency, type RecurrenceFrequency } from '@cn/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { startEndOf, type AppointmentForm } from '../appointment-form';
import { FieldError, Fieldset, patchNested, type SectionProps } from './form-parts';

/** The days a series may end on: those it falls on, up to two years ahead (at most 400). */
const endDatesOf = (form: AppointmentForm): string[] => {
  if (form.recurrence_pattern.recurrence_frequency === 'never') return [];
  const { start, end } = startEndOf(form);
  if (!start || !end) return [];
  const from = form.start_date;
  const to = `${Number(from.slice(0, 4)) + 2}${from.slice(4)}`;
  return allowedEndDates({ start, end, all_day: form.all_day, time_zone: form.time_zone, recurrence_pattern: form.recurrence_pattern }, from, to).slice(0, 400);
};

/** How often it repeats (every n weeks when custom) and on which of its days it ends. */
export const RepeatSection = ({ form, errors, onChange }: SectionProps) => {
  const { t } = useTranslation();
  const pattern = form.recurrence_pattern;
  const frequency = pattern.recurrence_frequency;
  const endDates = useMemo(() => endDatesOf(form), [form]);
  return (
    <Fieldset legend={t('appointments.form.recurrence')}>
      <div className="field-row">
        <label className="inline-field">
          {t('appointments.fields.recurrence_frequency')}
          <select
            name="recurrence_pattern.recurrence_frequency"
            value={frequency}
            onChange={(event) => {
              const chosen = event.target.value as RecurrenceFrequency;
              onChange((current) => chooseRecurrenceFrequency(current, chosen));
            }}
          >
            {RECURRENCE_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`appointments.recurrence.frequency.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {frequency === 'custom' ? (
          <label className="inline-field" data-field="recurrence_pattern.recurrence_interval">
            {t('appointments.fields.recurrence_interval')}
            <input
              type="number"
              min={1}
              step={1}
              name="recurrence_pattern.recurrence_interval"
              value={Number.isNaN(pattern.recurrence_interval) ? '' : pattern.recurrence_interval}
              aria-invalid={Boolean(errors['recurrence_pattern.recurrence_interval'])}
              onChange={(event) =>
                onChange(patchNested('recurrence_pattern', { recurrence_interval: event.target.value === '' ? Number.NaN : Number(event.target.value) }))
              }
            />
          </label>
        ) : null}
        {frequency !== 'never' ? (
          <label className="inline-field" data-field="recurrence_pattern.recurrence_end_time">
            {t('appointments.fields.recurrence_end_time')}
            {/* a date picker: empty means the series does not end */}
            <input
              type="date"
              name="recurrence_pattern.recurrence_end_time"
              min={form.start_date}
              max={endDates[endDates.length - 1]}
              value={pattern.recurrence_end_time ?? ''}
              aria-invalid={Boolean(errors['recurrence_pattern.recurrence_end_time'])}
              onChange={(event) => onChange(patchNested('recurrence_pattern', { recurrence_end_time: event.target.value || null }))}
            />
          </label>
        ) : null}
      </div>
      <FieldError errors={errors} field="recurrence_pattern.recurrence_interval" />
      <FieldError errors={errors} field="recurrence_pattern.recurrence_end_time" />
      <FieldError errors={errors} field="recurrence_pattern" />
    </Fieldset>
  );
};
