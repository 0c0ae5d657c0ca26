import type { CalendarDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { FieldError, patch, type SectionProps } from './form-parts';

/** The name and the calendars it goes in: those the member may add to, and those it is in already. */
export const NameAndCalendars = ({ form, errors, onChange, calendars }: SectionProps & { calendars: CalendarDto[] }) => {
  const { t } = useTranslation();
  const pickable = calendars.filter((calendar) => calendar.can.create_appointments || form.calendar_ids.includes(calendar.id));
  return (
    <>
      <div className="field" data-field="name">
        <label htmlFor="appointment-name">{t('appointments.fields.name')}</label>
        <input
          id="appointment-name"
          name="name"
          value={form.name}
          aria-invalid={Boolean(errors.name)}
          maxLength={255}
          onChange={(event) => onChange(patch({ name: event.target.value }))}
        />
        <FieldError errors={errors} field="name" />
      </div>
      <div className="field" data-field="calendar_ids">
        <span className="field-label">{t('appointments.fields.calendars')}</span>
        <div className="calendar-choices" role="group" aria-invalid={Boolean(errors.calendar_ids)}>
          {pickable.length === 0 ? <p className="muted">{t('appointments.form.no_calendars')}</p> : null}
          {pickable.map((calendar) => (
            <label key={calendar.id} className="check">
              <input
                type="checkbox"
                name="calendar_ids"
                value={calendar.id}
                checked={form.calendar_ids.includes(calendar.id)}
                onChange={(event) => {
                  const checked = event.target.checked;
                  onChange((current) => ({
                    ...current,
                    calendar_ids: checked ? [...current.calendar_ids, calendar.id] : current.calendar_ids.filter((id) => id !== calendar.id),
                  }));
                }}
              />
              <span className="calendar-dot" style={{ backgroundColor: `#${calendar.color}` }} aria-hidden="true" />
              {calendar.name}
            </label>
          ))}
        </div>
        <FieldError errors={errors} field="calendar_ids" />
      </div>
    </>
  );
};
