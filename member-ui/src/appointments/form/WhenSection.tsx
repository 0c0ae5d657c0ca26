import { TIME_STEP_MINUTES } from '@cn/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTimeInput } from '../appointment-form';
import { Check, FieldError, patch, type SectionProps } from './form-parts';

const timeZones = (): string[] => {
  const supported = (Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC', 'Europe/Berlin'];
};

/** Start and end (times typed as HH:mm, tidied on leaving the field; none all day) and the time zone. */
export const WhenSection = ({ form, errors, onChange }: SectionProps) => {
  const { t } = useTranslation();
  const zones = useMemo(timeZones, []);
  return (
    <div className={`field date-field ${errors.date ? 'date-field--invalid' : ''}`} data-field="date" data-testid="date-field">
      <span className="field-label">{t('appointments.fields.date')}</span>
      <div className="date-row">
        <label>
          <span className="visually-hidden">{t('appointments.fields.start_date')}</span>
          <input type="date" name="date.start_date" value={form.start_date} aria-invalid={Boolean(errors.date)} onChange={(event) => onChange(patch({ start_date: event.target.value }))} />
        </label>
        {form.all_day ? null : (
          <label>
            <span className="visually-hidden">{t('appointments.fields.start_time')}</span>
            <input
              type="text"
              inputMode="numeric"
              name="date.start_time"
              placeholder="HH:mm"
              data-step-minutes={TIME_STEP_MINUTES}
              value={form.start_time}
              aria-invalid={Boolean(errors.date)}
              onChange={(event) => onChange(patch({ start_time: event.target.value }))}
              onBlur={(event) => onChange(patch({ start_time: normalizeTimeInput(event.target.value) }))}
            />
          </label>
        )}
        <span aria-hidden="true">–</span>
        <label>
          <span className="visually-hidden">{t('appointments.fields.end_date')}</span>
          <input type="date" name="date.end_date" value={form.end_date} aria-invalid={Boolean(errors.date)} onChange={(event) => onChange(patch({ end_date: event.target.value }))} />
        </label>
        {form.all_day ? null : (
          <label>
            <span className="visually-hidden">{t('appointments.fields.end_time')}</span>
            <input
              type="text"
              inputMode="numeric"
              name="date.end_time"
              placeholder="HH:mm"
              value={form.end_time}
              aria-invalid={Boolean(errors.date)}
              onChange={(event) => onChange(patch({ end_time: event.target.value }))}
              onBlur={(event) => onChange(patch({ end_time: normalizeTimeInput(event.target.value) }))}
            />
          </label>
        )}
      </div>
      <FieldError errors={errors} field="date" />
      <div className="date-options">
        <Check name="date.all_day" checked={form.all_day} onChange={(all_day) => onChange(patch({ all_day }))} label={t('appointments.fields.all_day')} />
        <label className="inline-field">
          {t('appointments.fields.time_zone')}
          <select name="date.time_zone" value={form.time_zone} onChange={(event) => onChange(patch({ time_zone: event.target.value }))}>
            {(zones.includes(form.time_zone) ? zones : [form.time_zone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
};
