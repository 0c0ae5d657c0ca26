import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import type { Rsvp } from '../rsvp-rules';

/**
 * Who invited the member, and their answer: accept or reject while that is possible, otherwise the reason
 * (locked, full, expired, canceled) with the waiting list when the limit is reached.
 */
export const RsvpBlock = ({
  appointment,
  rsvp,
  busy,
  onAnswer,
  onWaitlist,
}: {
  appointment: AppointmentDto;
  rsvp: Rsvp;
  busy: boolean;
  onAnswer: (status: 'accepted' | 'declined') => void;
  onWaitlist: (join: boolean) => void;
}) => {
  const { t } = useTranslation();
  const waitlistPosition = appointment.my_waitlist_position;
  return (
    <>
      {appointment.my_invite?.invited_by ? (
        <p className="muted" data-testid="invited-by">
          {t('appointments.detail.invited_by', { name: appointment.my_invite.invited_by.name })}
        </p>
      ) : null}
      {rsvp.kind === 'notice' ? (
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
      ) : null}
      {rsvp.kind === 'buttons' ? (
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
      ) : null}
    </>
  );
};
