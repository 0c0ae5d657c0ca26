import { MEETING_LINK_DISPLAY_LENGTH, type AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToasts } from '../../toasts/Toasts';
import { isHttpUrl, truncate } from '../format';
import { myParticipant } from '../rsvp-rules';

/** Where to meet online: the room, the join link (copyable), the dial-in, and starting the meeting. */
export const MeetingBlock = ({
  appointment,
  memberId,
  canCreateMeetings,
  busy,
  onStartMeeting,
}: {
  appointment: AppointmentDto;
  memberId: string;
  /** the network lets this member create meetings */
  canCreateMeetings: boolean;
  busy: boolean;
  onStartMeeting: () => void;
}) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { meeting, teams_configuration: teams, can } = appointment;
  const joinUrl = meeting.join_url || teams.join_url || appointment.location.link;
  const roomName = meeting.room_id !== null ? meeting.room_name : '';
  const canStart = can.start_meeting && canCreateMeetings;
  if (!joinUrl && !roomName && !canStart) return null;

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.show('success', 'appointments.detail.copied');
    } catch {
      toasts.show('error', 'errors.generic_error');
    }
  };

  return (
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
      {meeting.conference_call_phone_number ? (
        <p className="muted">
          {t('appointments.detail.dial_in', { number: meeting.conference_call_phone_number, code: meeting.conference_call_access_code })}
        </p>
      ) : null}
      {teams.teams_event && myParticipant(appointment, memberId)?.membership.show_add_upn_link ? (
        <Link to="/users/edit" className="alert" data-testid="upn-warning">
          {t('appointments.detail.add_upn')}
        </Link>
      ) : null}
      {canStart ? (
        <button type="button" className="button button--quiet" disabled={busy} data-testid="start-meeting" onClick={onStartMeeting}>
          {t('appointments.detail.start_meeting')}
        </button>
      ) : null}
    </section>
  );
};
