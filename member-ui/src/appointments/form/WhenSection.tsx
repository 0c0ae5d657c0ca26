import { TIME_STEP_MINUTES } from '@cn/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTimeInput } from '../appointment-form';
import { Check, FieldError, patch, type SectionProps } from './form-parts';

/** every zone the browser knows, the member's own and the appointment's first */
const timeZones = (current: string): string[] => {
  const supported = (Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const all = supported ? supported('timeZone') : ['UTC', 'Europe/Berlin'];
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [...new Set([own, current, ...all].filter(Boolean))];
};

/** Start and end (times typed as HH:mm, tidied on leaving the field; none all day) and the time zone. */
export const WhenSection = ({ form, errors, onChange }: SectionProps) => {
  const { t } = useTranslation();
  // the zone list does not follow every keystroke of the zone field, only the zone it opened with
  const zones = useMemo(() => timeZones(form.time_zone), []);
  const zonesId = useId();
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
        <label className="inline-field" data-field="date.time_zone">
          {t('appointments.fields.time_zone')}
          {/* searchable: typing narrows the zones offered; the member's own zone comes first */}
          <input
            type="search"
            name="date.time_zone"
            list={zonesId}
            autoComplete="off"
            value={form.time_zone}
            aria-invalid={Boolean(errors['date.time_zone'])}
            onChange={(event) => onChange(patch({ time_zone: event.target.value.trim() }))}
          />
          <datalist id={zonesId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </label>
      </div>
      <FieldError errors={errors} field="date.time_zone" />
    </div>
  );
};
