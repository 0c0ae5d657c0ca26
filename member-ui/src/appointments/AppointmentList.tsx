import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../common/EmptyState';
import { formatDay, formatTime } from './format';

/** The list view: the month's days that have appointments, in order. */
export const AppointmentList = ({ days, timeZone }: { days: Array<{ date: string; appointments: AppointmentDto[] }>; timeZone: string }) => {
  const { t, i18n } = useTranslation();
  if (days.length === 0) return <EmptyState title="appointments.list.empty_title" text="appointments.list.empty_text" testId="appointments-empty" />;
  return (
    <div className="appointment-list" data-testid="appointment-list">
      {days.map((day) => (
        <section key={day.date} className="appointment-list__day" data-testid="list-day" data-date={day.date}>
          <h2>{formatDay(day.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}</h2>
          <ul>
            {day.appointments.map((appointment) => (
              <li key={appointment.id} className="appointment-list__entry">
                <span className="appointment-list__time">
                  {appointment.date.all_day ? t('appointments.all_day') : formatTime(appointment.date.start, i18n.language, timeZone)}
                </span>
                <span className="calendar-dots" aria-hidden="true">
                  {appointment.calendars.map((calendar) => (
                    <span key={calendar.id} className="calendar-dot" style={{ backgroundColor: `#${calendar.color}` }} />
                  ))}
                </span>
                <Link
                  to={`/appointments/${encodeURIComponent(appointment.id)}`}
                  className={appointment.canceled ? 'appointment--canceled' : ''}
                  data-testid="appointment-chip"
                  data-appointment-id={appointment.id}
                >
                  {appointment.name}
                </Link>
                {appointment.canceled ? <span className="badge">{t('appointments.canceled')}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
