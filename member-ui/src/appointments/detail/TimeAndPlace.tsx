import type { AppointmentDto } from '@cn/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDeadline, formatRange, isHttpUrl } from '../format';

const InternalOrExternalLink = ({ url, children, testId }: { url: string; children: ReactNode; testId?: string }) =>
  url.startsWith('/') ? (
    <Link to={url} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <a href={url} data-testid={testId}>
      {children}
    </a>
  );

/** The calendars it is in, its time (in the viewer's zone) with the repetition and the neighbouring occurrences, and its address. */
export const TimeAndPlace = ({ appointment, viewerZone }: { appointment: AppointmentDto; viewerZone: string }) => {
  const { t, i18n } = useTranslation();
  const { location, recurrence_pattern: pattern } = appointment;
  const hasLocation = [location.name, location.address1, location.city].some(Boolean);
  return (
    <>
      <section className="detail-block" data-testid="detail-calendars">
        <ul className="calendar-tags">
          {appointment.calendars.map((calendar) => (
            <li key={calendar.id}>
              <span className="calendar-dot" style={{ backgroundColor: `#${calendar.color}` }} aria-hidden="true" />
              {calendar.name}
            </li>
          ))}
          {appointment.unknown_calendars > 0 ? <li className="muted">{t('appointments.detail.unknown_calendars', { count: appointment.unknown_calendars })}</li> : null}
        </ul>
      </section>
      <section className="detail-block" data-testid="detail-date">
        <p className={appointment.canceled ? 'appointment--canceled' : ''}>
          <strong>{formatRange(appointment.date, i18n.language, viewerZone)}</strong>
        </p>
        {pattern.recurrence_frequency !== 'never' ? (
          <p className="muted" data-testid="detail-recurrence">
            {t(`appointments.recurrence.summary.${pattern.recurrence_frequency}`, { count: pattern.recurrence_interval })}
            {pattern.recurrence_end_time ? ` ${t('appointments.recurrence.until', { date: formatDeadline(pattern.recurrence_end_time) })}` : ''}
          </p>
        ) : null}
        <p className="occurrence-links">
          {appointment.previous_occurrence_url ? (
            <InternalOrExternalLink url={appointment.previous_occurrence_url} testId="previous-occurrence">
              ‹ {t('appointments.detail.previous_occurrence')}
            </InternalOrExternalLink>
          ) : null}
          {appointment.next_occurrence_url ? (
            <InternalOrExternalLink url={appointment.next_occurrence_url} testId="next-occurrence">
              {t('appointments.detail.next_occurrence')} ›
            </InternalOrExternalLink>
          ) : null}
          {appointment.recurring_appointment_url && appointment.recurring_appointment_id ? (
            <InternalOrExternalLink url={appointment.recurring_appointment_url} testId="series-link">
              {t('appointments.detail.series')}
            </InternalOrExternalLink>
          ) : null}
        </p>
      </section>
      {hasLocation ? (
        <section className="detail-block" data-testid="detail-location">
          <h2>{t('appointments.detail.location')}</h2>
          <address>
            {[location.name, location.address1, location.address2, `${location.zip} ${location.city}`.trim(), location.country].filter(Boolean).map((line) => (
              <span key={line} className="address-line">
                {line}
              </span>
            ))}
          </address>
          {location.maps_url && isHttpUrl(location.maps_url) ? (
            <a href={location.maps_url} target="_blank" rel="noreferrer">
              {t('appointments.detail.map')}
            </a>
          ) : null}
        </section>
      ) : null}
    </>
  );
};
