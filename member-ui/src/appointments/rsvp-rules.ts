import { attendeeLimitReached, inviteRefusal, type AppointmentDto, type ParticipantDto } from '@cn/contracts';

export type Rsvp =
  | { kind: 'none' }
  | { kind: 'buttons'; accept: boolean; reject: boolean; status: 'invited' | 'accepted' | 'declined' | 'rejected' }
  | { kind: 'notice'; key: string; waitlist: boolean };

type StoredStatus = 'accepted' | 'declined' | 'rejected' | 'invited';

/** The viewer's participant entry ('me', or their member id). */
export const myParticipant = (appointment: Pick<AppointmentDto, 'participants'>, memberId: string): ParticipantDto | null =>
  appointment.participants.find((participant) => participant.id === 'me' || participant.membership.id === memberId) ?? null;

const storedStatusOf = (status: ParticipantDto['status'] | undefined): StoredStatus | null => {
  if (!status) return null;
  return status === 'open' ? 'invited' : status;
};

/**
 * The RSVP block of the side column (§4): accept and reject only while the invite is open, participation
 * is not locked and the enforced attendee limit is not reached; an expired open invite only with
 * retroactive answering. Otherwise a notice replaces the buttons; at a full limit it offers the waiting list.
 * A member who already answered may change the answer under the same conditions.
 */
export const rsvpOf = (
  appointment: Pick<
    AppointmentDto,
    'participants' | 'my_invite' | 'attendee_configuration' | 'attending_participants_count' | 'canceled' | 'date' | 'total_attendees_enforced_and_exceeded' | 'can' | 'my_waitlist_position'
  >,
  memberId: string,
  now: Date,
  optRetroactively: boolean,
): Rsvp => {
  const me = myParticipant(appointment, memberId);
  const status = storedStatusOf(me?.status) ?? (appointment.my_invite?.status === 'open' ? 'invited' : null);
  if (status === null) {
    // members who may take part without an invite opt in with the accept button
    return appointment.can.opt && !appointment.canceled
      ? { kind: 'buttons', accept: !appointment.total_attendees_enforced_and_exceeded, reject: false, status: 'invited' }
      : { kind: 'none' };
  }
  const limitReached =
    appointment.total_attendees_enforced_and_exceeded ||
    attendeeLimitReached(appointment.attendee_configuration, appointment.attending_participants_count);
  const situation = {
    // the viewer's answer may change while the invite would still be open
    status: 'invited' as const,
    participation_locked: appointment.attendee_configuration.participation_locked,
    canceled: appointment.canceled,
    past: Date.parse(appointment.date.end) < now.getTime(),
    opt_retroactively: optRetroactively,
    attendee_limit_reached: limitReached && status !== 'accepted',
  };
  const acceptRefusal = status === 'accepted' ? null : inviteRefusal(situation, 'accept');
  const rejectRefusal = inviteRefusal(situation, 'reject');
  if (rejectRefusal !== null) return { kind: 'notice', key: rejectRefusal, waitlist: false };
  if (acceptRefusal === 'attendee_limit_exceeded' && status === 'invited') {
    return { kind: 'notice', key: acceptRefusal, waitlist: appointment.my_waitlist_position === null };
  }
  return { kind: 'buttons', accept: status !== 'accepted' && acceptRefusal === null, reject: status === 'invited' || status === 'accepted', status };
};
