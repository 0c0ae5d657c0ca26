import type { AppointmentDto } from '@cn/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatDeadline, isHttpUrl } from '../format';

const Row = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="detail-row" data-testid={testId}>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** The facts list: category, attendee limit, consultants, costs, organizer, tickets, deadline, contacts, who created and edited it. */
export const DetailFacts = ({ appointment, categoryLabel }: { appointment: AppointmentDto; categoryLabel: string | null }) => {
  const { t, i18n } = useTranslation();
  const { attendee_configuration: attendees, application_configuration: application } = appointment;
  return (
    <section className="detail-block" data-testid="detail-details">
      <h2>{t('appointments.detail.details')}</h2>
      <dl className="detail-list">
        {appointment.category ? <Row label={t('appointments.fields.category')}>{categoryLabel ?? appointment.category}</Row> : null}
        {attendees.total_attendees_enforced && attendees.total !== null ? (
          <Row label={t('appointments.detail.attendee_limit')} testId="attendee-limit">
            {appointment.attending_participants_count} / {attendees.total}
          </Row>
        ) : null}
        {appointment.consultants.length > 0 ? (
          <Row label={t('appointments.detail.consultants')}>{appointment.consultants.map((consultant) => consultant.name).join(', ')}</Row>
        ) : null}
        <Row label={t('appointments.fields.costs')} testId="detail-costs">
          {application.costs !== null
            ? `${application.costs.toLocaleString(i18n.language, { minimumFractionDigits: 2 })} ${application.currency}`
            : t('appointments.detail.not_set')}
        </Row>
        {appointment.organizer ? <Row label={t('appointments.fields.organizer')}>{appointment.organizer}</Row> : null}
        {application.url ? (
          <Row label={t('appointments.fields.ticket_url')} testId="detail-ticket-url">
            {isHttpUrl(application.url) ? (
              <a href={application.url} target="_blank" rel="noreferrer">
                {application.url}
              </a>
            ) : (
              application.url
            )}
          </Row>
        ) : null}
        <Row label={t('appointments.fields.registration_deadline')} testId="detail-deadline">
          {application.registration_deadline ? formatDeadline(application.registration_deadline) : t('appointments.detail.not_set')}
        </Row>
        {appointment.contacts.length > 0 ? (
          <Row label={t('appointments.fields.contacts')}>
            {appointment.contacts.map((contact, index) => (
              <span key={contact.path}>
                {index > 0 ? ', ' : ''}
                <Link to={contact.path}>{contact.name}</Link>
              </span>
            ))}
          </Row>
        ) : null}
        <Row label={t('appointments.detail.created')}>
          {t('appointments.detail.created_by', {
            name: appointment.author?.name ?? appointment.generic_author ?? t('appointments.detail.unknown_author'),
            date: formatDateTime(appointment.created_at, i18n.language),
          })}
        </Row>
        {appointment.updated_at !== appointment.created_at ? (
          <Row label={t('appointments.detail.edited')}>
            {t('appointments.detail.created_by', {
              name: appointment.last_author?.name ?? appointment.author?.name ?? t('appointments.detail.unknown_author'),
              date: formatDateTime(appointment.updated_at, i18n.language),
            })}
          </Row>
        ) : null}
      </dl>
    </section>
  );
};
