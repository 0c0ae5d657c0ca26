import {
  APPOINTMENT_DESCRIPTION_TRUNCATE,
  EVENT_FILES_SHOWN,
  MEETING_LINK_DISPLAY_LENGTH,
  type AppointmentDto,
  type NetworkResponse,
  type TranslationLanguage,
} from '@cn/contracts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { appointmentTranslation, shownTexts } from './appointment-translation';
import { TranslationSelector, useAppointmentTranslation } from './AppointmentTranslation';
import { appointmentsApi, attendeesUrl, downloadFile, icsUrl } from './appointments-api';
import { formatDateTime, formatDeadline, formatRange, isHttpUrl, truncate } from './format';
import { ParticipantLists } from './ParticipantLists';
import { myParticipant, rsvpOf, type Rsvp } from './rsvp-rules';
import { useAppointment } from './useAppointment';
import { viewerTimeZone } from './zoned-time';
import './appointments.css';

/** The network setting member.opt_retroactively: expired open invites may still be answered. */
const optRetroactivelyOf = (network: NetworkResponse['network']): boolean => network.opt_retroactively;

const Row = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="detail-row" data-testid={testId}>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

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

const DownloadLink = ({ url, accept, name, testId, label }: { url: string; accept: string; name: string; testId: string; label: string }) => {
  const toasts = useToasts();
  return (
    <a
      href={url}
      download
      className="button button--quiet"
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault();
        downloadFile(url, accept, name).catch(() => toasts.show('error', 'errors.generic_error'));
      }}
    >
      {label}
    </a>
  );
};

const RsvpBlock = ({ rsvp, busy, onAnswer, onWaitlist, waitlistPosition }: { rsvp: Rsvp; busy: boolean; onAnswer: (status: 'accepted' | 'declined') => void; onWaitlist: (join: boolean) => void; waitlistPosition: number | null }) => {
  const { t } = useTranslation();
  if (rsvp.kind === 'none') return null;
  if (rsvp.kind === 'notice') {
    return (
      <div className="alert" role="status" data-testid="rsvp-notice" data-key={rsvp.key}>
        <p>{t(`appointments.rsvp.notice.${rsvp.key}`, { defaultValue: t(`errors.${rsvp.key}`) })}</p>
        {rsvp.waitlist ? (
          <button type="button" className="button" disabled={busy} data-testid="join-waitlist" onClick={() => onWaitlist(true)}>
            {t('appointments.rsvp.join_waitlist')}
          </button>
        ) : null}
        {waitlistPosition !== null ? (
          <>
            <p data-testid="waitlist-position">{t('appointments.rsvp.waitlist_position', { position: waitlistPosition })}</p>
            <button type="button" className="button button--quiet" disabled={busy} data-testid="leave-waitlist" onClick={() => onWaitlist(false)}>
              {t('appointments.rsvp.leave_waitlist')}
            </button>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rsvp" data-testid="rsvp" data-status={rsvp.status}>
      {rsvp.status !== 'invited' ? <p className="muted">{t(`appointments.rsvp.current.${rsvp.status}`)}</p> : null}
      <div className="rsvp__buttons">
        {rsvp.accept ? (
          <button type="button" className="button" disabled={busy} data-testid="rsvp-accept" onClick={() => onAnswer('accepted')}>
            {t('appointments.rsvp.accept')}
          </button>
        ) : null}
        {rsvp.reject ? (
          <button type="button" className="button button--secondary" disabled={busy} data-testid="rsvp-reject" onClick={() => onAnswer('declined')}>
            {t('appointments.rsvp.reject')}
          </button>
        ) : null}
      </div>
    </div>
  );
};

const Detail = ({ appointment, reload }: { appointment: AppointmentDto; reload: () => void }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { member, network, can: networkCan } = useSignedIn();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [fullDescription, setFullDescription] = useState(false);
  const [allFiles, setAllFiles] = useState(false);
  const viewerZone = useMemo(viewerTimeZone, []);
  const calls = appointmentsApi(api);
  const id = appointment.id;
  const now = new Date();
  const past = Date.parse(appointment.date.end) < now.getTime();
  const optRetroactively = optRetroactivelyOf(network);
  const rsvp = rsvpOf(appointment, member.id, now, optRetroactively);
  const recurring = appointment.type === 'recurring_appointment' || appointment.recurring_appointment_id !== null;
  const joinUrl = appointment.meeting.join_url || appointment.teams_configuration.join_url || appointment.location.link;
  const { can } = appointment;
  const roomName = appointment.meeting.room_id !== null ? appointment.meeting.room_name : '';
  const loadTranslation = useCallback((language: TranslationLanguage) => appointmentTranslation(api, id, language), [api, id]);
  const translationFailed = useCallback(() => toasts.show('error', 'appointments.errors.translation_failed'), [toasts]);
  const translation = useAppointmentTranslation({ version: `${id}|${appointment.updated_at}`, load: loadTranslation, onFailure: translationFailed });
  const shown = shownTexts(appointment, translation.state);
  const shownLanguage = translation.state.phase === 'translated' ? translation.state.language : undefined;
  const [categoryLabel, setCategoryLabel] = useState<string | null>(null);
  const category = appointment.category;
  useEffect(() => {
    if (category === null) return;
    let current = true;
    appointmentsApi(api)
      .categories()
      .then((response) => {
        const found = response.categories.find((entry) => entry.id === category);
        if (current && found) setCategoryLabel(found.custom ? found.label : t(`appointments.categories.${found.id}`, { defaultValue: found.label }));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, category, t]);

  /** the meeting opens in a new tab, opened at once so that the browser does not take it for a pop-up */
  const startMeeting = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { join_url } = await calls.startMeeting(id);
      if (join_url && tab) tab.location.href = join_url;
      else tab?.close();
      toasts.show('success', 'appointments.meeting_start.started');
    } catch (error) {
      tab?.close();
      const key = errorKeyOf(error);
      toasts.show('error', key === 'no_meeting' ? 'appointments.errors.no_meeting' : 'appointments.meeting_start.failed');
    } finally {
      setBusy(false);
    }
  };
  const attendeeConfiguration = appointment.attendee_configuration;
  const application = appointment.application_configuration;

  const run = async (action: () => Promise<unknown>, success: string | null, failure = 'errors.generic_error') => {
    setBusy(true);
    try {
      await action();
      if (success) toasts.show('success', success);
      reload();
    } catch (error) {
      toasts.show('error', failure === 'server' ? `errors.${errorKeyOf(error)}` : failure);
    } finally {
      setBusy(false);
    }
  };

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.show('success', 'appointments.detail.copied');
    } catch {
      toasts.show('error', 'errors.generic_error');
    }
  };

  const description = shown.description;
  const files = allFiles ? appointment.event_files : appointment.event_files.slice(0, EVENT_FILES_SHOWN);
  const hasLocation = [appointment.location.name, appointment.location.address1, appointment.location.city].some(Boolean);

  return (
    <article className="appointment-detail" data-testid="appointment-detail" data-appointment-id={id}>
      <header className="appointment-detail__header">
        <h1 className={`page__title ${appointment.canceled ? 'appointment--canceled' : ''}`} data-testid="appointment-title" lang={shownLanguage}>
          {recurring ? (
            <span className="recurring-icon" title={t('appointments.detail.recurring')} aria-label={t('appointments.detail.recurring')}>
              ↻{' '}
            </span>
          ) : null}
          {shown.name}
        </h1>
        {network.features.translations ? (
          <TranslationSelector state={translation.state} lastUsed={translation.lastUsed} onTranslate={translation.translate} onShowOriginal={translation.showOriginal} />
        ) : null}
        <p className="muted">{recurring ? t('appointments.detail.subtitle_recurring') : t('appointments.detail.subtitle')}</p>
      </header>
      <div className="appointment-detail__columns">
        <div className="appointment-detail__main">
          {appointment.canceled ? (
            <div className="alert alert--error" role="alert" data-testid="alert-canceled">
              {t('appointments.detail.alert_canceled')}
            </div>
          ) : null}
          {past ? (
            <div className="alert" role="status" data-testid="alert-past">
              {t(optRetroactively ? 'appointments.detail.alert_past_retroactive' : 'appointments.detail.alert_past')}
            </div>
          ) : null}
          {!appointment.date.all_day && appointment.date.time_zone !== viewerZone ? (
            <div className="alert" role="status" data-testid="alert-time-zone">
              {t('appointments.detail.alert_time_zone', {
                zone: appointment.date.time_zone,
                range: formatRange(appointment.date, i18n.language, appointment.date.time_zone),
              })}
            </div>
          ) : null}
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
            {appointment.recurrence_pattern.recurrence_frequency !== 'never' ? (
              <p className="muted" data-testid="detail-recurrence">
                {t(`appointments.recurrence.summary.${appointment.recurrence_pattern.recurrence_frequency}`, {
                  count: appointment.recurrence_pattern.recurrence_interval,
                })}
                {appointment.recurrence_pattern.recurrence_end_time
                  ? ` ${t('appointments.recurrence.until', { date: formatDeadline(appointment.recurrence_pattern.recurrence_end_time) })}`
                  : ''}
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
                {[appointment.location.name, appointment.location.address1, appointment.location.address2, `${appointment.location.zip} ${appointment.location.city}`.trim(), appointment.location.country]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="address-line">
                      {line}
                    </span>
                  ))}
              </address>
              {appointment.location.maps_url && isHttpUrl(appointment.location.maps_url) ? (
                <a href={appointment.location.maps_url} target="_blank" rel="noreferrer">
                  {t('appointments.detail.map')}
                </a>
              ) : null}
            </section>
          ) : null}
          {joinUrl || roomName || can.start_meeting ? (
            <section className="detail-block" data-testid="detail-meeting">
              <h2>{t('appointments.detail.meeting')}</h2>
              {roomName ? (
                <p data-testid="meeting-room">
                  {t('appointments.meeting_start.room')}: {roomName}
                </p>
              ) : null}
              {joinUrl ? (
                <p className="meeting-link">
                  {isHttpUrl(joinUrl) ? (
                    <a href={joinUrl} target="_blank" rel="noreferrer" data-testid="meeting-link" title={joinUrl}>
                      {truncate(joinUrl, MEETING_LINK_DISPLAY_LENGTH)}
                    </a>
                  ) : (
                    <span data-testid="meeting-link">{truncate(joinUrl, MEETING_LINK_DISPLAY_LENGTH)}</span>
                  )}
                  <button type="button" className="button button--quiet" data-testid="copy-meeting-link" onClick={() => void copy(joinUrl)}>
                    {t('appointments.detail.copy')}
                  </button>
                </p>
              ) : null}
              {appointment.meeting.conference_call_phone_number ? (
                <p className="muted">
                  {t('appointments.detail.dial_in', {
                    number: appointment.meeting.conference_call_phone_number,
                    code: appointment.meeting.conference_call_access_code,
                  })}
                </p>
              ) : null}
              {appointment.teams_configuration.teams_event && myParticipant(appointment, member.id)?.membership.show_add_upn_link ? (
                <Link to="/users/edit" className="alert" data-testid="upn-warning">
                  {t('appointments.detail.add_upn')}
                </Link>
              ) : null}
              {can.start_meeting && networkCan.create_meetings ? (
                <button type="button" className="button button--quiet" disabled={busy} data-testid="start-meeting" onClick={() => void startMeeting()}>
                  {t('appointments.detail.start_meeting')}
                </button>
              ) : null}
            </section>
          ) : null}
          {description ? (
            <section className="detail-block" data-testid="detail-description">
              <h2>{t('appointments.detail.description')}</h2>
              <p className="description" lang={shownLanguage}>{fullDescription ? description : truncate(description, APPOINTMENT_DESCRIPTION_TRUNCATE)}</p>
              {!fullDescription && description.length > APPOINTMENT_DESCRIPTION_TRUNCATE ? (
                <button type="button" className="button button--quiet" data-testid="description-more" onClick={() => setFullDescription(true)}>
                  {t('appointments.detail.more')}
                </button>
              ) : null}
            </section>
          ) : null}
          {appointment.event_files.length > 0 ? (
            <section className="detail-block" data-testid="detail-files">
              <h2>{t('appointments.detail.files')}</h2>
              <ul>
                {files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url}>{file.name}</a>
                  </li>
                ))}
              </ul>
              {!allFiles && appointment.event_files.length > EVENT_FILES_SHOWN ? (
                <button type="button" className="button button--quiet" data-testid="files-more" onClick={() => setAllFiles(true)}>
                  {t('appointments.detail.show_more_files', { count: appointment.event_files.length - EVENT_FILES_SHOWN })}
                </button>
              ) : null}
            </section>
          ) : null}
          {appointment.event_image ? <img className="event-image" src={appointment.event_image.large_thumb} alt="" /> : null}
          <section className="detail-block" data-testid="detail-details">
            <h2>{t('appointments.detail.details')}</h2>
            <dl className="detail-list">
              {appointment.category ? <Row label={t('appointments.fields.category')}>{categoryLabel ?? appointment.category}</Row> : null}
              {attendeeConfiguration.total_attendees_enforced && attendeeConfiguration.total !== null ? (
                <Row label={t('appointments.detail.attendee_limit')} testId="attendee-limit">
                  {appointment.attending_participants_count} / {attendeeConfiguration.total}
                </Row>
              ) : null}
              {appointment.consultants.length > 0 ? (
                <Row label={t('appointments.detail.consultants')}>
                  {appointment.consultants.map((consultant) => consultant.name).join(', ')}
                </Row>
              ) : null}
              <Row label={t('appointments.fields.costs')} testId="detail-costs">
                {application.costs !== null ? `${application.costs.toLocaleString(i18n.language, { minimumFractionDigits: 2 })} ${application.currency}` : t('appointments.detail.not_set')}
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
        </div>
        <aside className="appointment-detail__side">
          {appointment.my_invite?.invited_by ? (
            <p className="muted" data-testid="invited-by">
              {t('appointments.detail.invited_by', { name: appointment.my_invite.invited_by.name })}
            </p>
          ) : null}
          <RsvpBlock
            rsvp={rsvp}
            busy={busy}
            waitlistPosition={appointment.my_waitlist_position}
            onAnswer={(status) =>
              void run(() => calls.changeStatus(id, 'me', { participant: { status }, apply_to: 'all' }), `appointments.rsvp.saved.${status}`, 'server')
            }
            onWaitlist={(join) => void run(() => (join ? calls.joinWaitlist(id) : calls.leaveWaitlist(id)), join ? 'appointments.rsvp.waitlist_joined' : 'appointments.rsvp.waitlist_left', 'server')}
          />
          <div className="appointment-actions" data-testid="appointment-actions">
            {can.update ? (
              <Link className="button" to={`/appointments/${encodeURIComponent(id)}/edit`} data-testid="edit-appointment">
                {t('appointments.actions.edit')}
              </Link>
            ) : null}
            {can.update_participants ? (
              <Link className="button button--secondary" to={`/appointments/${encodeURIComponent(id)}/participants`} data-testid="manage-participants">
                {t('appointments.actions.participants')}
              </Link>
            ) : null}
            {can.contact ? (
              <Link className="button button--secondary" to={`/appointments/${encodeURIComponent(id)}/contact`} data-testid="contact-attendees">
                {t('appointments.actions.contact')}
              </Link>
            ) : null}
            {can.lock ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                data-testid="toggle-lock"
                aria-pressed={attendeeConfiguration.participation_locked}
                onClick={() =>
                  void run(
                    () => calls.toggleLock(id, !attendeeConfiguration.participation_locked),
                    attendeeConfiguration.participation_locked ? 'appointments.actions.unlocked' : 'appointments.actions.locked',
                    'appointments.actions.lock_failed',
                  )
                }
              >
                {t(attendeeConfiguration.participation_locked ? 'appointments.actions.unlock' : 'appointments.actions.lock')}
              </button>
            ) : null}
            {can.update || can.cancel ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || appointment.canceled || !can.cancel}
                title={appointment.cancel_prohibited_reason ?? undefined}
                data-testid="cancel-appointment"
                onClick={() => {
                  if (window.confirm(t('appointments.actions.cancel_confirm'))) void run(() => calls.cancel(id), 'appointments.actions.canceled');
                }}
              >
                {t('appointments.actions.cancel')}
              </button>
            ) : null}
            {can.destroy ? (
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                data-testid="delete-appointment"
                onClick={() => {
                  if (!window.confirm(t('appointments.actions.delete_confirm'))) return;
                  setBusy(true);
                  calls
                    .destroy(id)
                    .then(() => {
                      toasts.show('success', 'appointments.actions.deleted');
                      void navigate('/appointments');
                    })
                    .catch(() => {
                      toasts.show('error', 'errors.generic_error');
                      setBusy(false);
                    });
                }}
              >
                {t('appointments.actions.delete')}
              </button>
            ) : null}
          </div>
          <div className="downloads" data-testid="downloads">
            <DownloadLink url={icsUrl(id)} accept="text/calendar" name="appointment.ics" testId="download-ics" label={t('appointments.actions.download_ics')} />
            {can.download_attendees ? (
              <>
                <DownloadLink url={attendeesUrl(id, 'csv')} accept="text/csv" name="attendees.csv" testId="download-attendees-csv" label={t('appointments.actions.download_csv')} />
                <DownloadLink
                  url={attendeesUrl(id, 'xlsx')}
                  accept="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  name="attendees.xlsx"
                  testId="download-attendees-xlsx"
                  label={t('appointments.actions.download_xlsx')}
                />
              </>
            ) : null}
          </div>
          {can.show_attendees ? (
            <section className="detail-block">
              <h2>{t('appointments.participants.title')}</h2>
              <ParticipantLists
                participants={appointment.participants}
                invitedConsumers={appointment.invited_consumers}
                teamsOnly={appointment.teams_configuration.teams_only_participants_count}
              />
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
};

/** /appointments/:id */
export const AppointmentDetailPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { load, reload } = useAppointment(id);
  usePageTitle(load.phase === 'loaded' ? 'appointments.detail.page_title' : 'appointments.title', {
    name: load.phase === 'loaded' ? load.appointment.name : '',
  });
  if (load.phase === 'loading') {
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (load.phase === 'failed') {
    return load.errorKey === 'not_found' ? (
      <EmptyState title="appointments.detail.not_found_title" text="appointments.detail.not_found_text" testId="appointment-not-found" />
    ) : (
      <div className="alert alert--error" role="alert">
        {t(`errors.${load.errorKey}`)}
        <button type="button" className="button button--quiet" onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <section className="page page--wide">
      <Detail appointment={load.appointment} reload={reload} />
    </section>
  );
};
