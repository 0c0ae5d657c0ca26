import { hasMeeting, meetingJoinUrlOf, occurrenceAt, type AppointmentEvent, type AppointmentFields, type MeetingStartedEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { abilitiesOf, type Access } from '../appointment.decider';
import { evolveAppointment, initialAppointmentState, scheduleOf, type AppointmentState } from '../appointment-state';

export interface StartMeeting {
  type: 'StartMeeting';
  access: Access;
  /** an occurrence of a series; null: the appointment itself */
  occurrence_start: string | null;
  now: string;
}

export type StartMeetingEvent = AppointmentEvent | MeetingStartedEvent;

/** MeetingStarted records who opened it and when; nothing else on the stream changes. */
export const evolveWithMeetings = (state: AppointmentState, event: StartMeetingEvent): AppointmentState =>
  event.type === 'MeetingStarted' ? state : evolveAppointment(state, event);

/** The fields of the appointment, or of one occurrence of its series (null: no such occurrence). */
const fieldsOf = (state: AppointmentState, start: string | null): AppointmentFields | null => {
  if (state.status !== 'active' || !state.fields) return null;
  if (start === null) return state.fields;
  const occurrence = state.occurrences[start];
  if (occurrence?.deleted || !occurrenceAt(scheduleOf(state.fields), start)) return null;
  return occurrence?.fields ?? state.fields;
};

/**
 * Those who manage the appointment start its meeting, when it has one (join link, room or online
 * meeting) and they may create meetings (can.start_meeting); not on a canceled appointment.
 */
export const decideStartMeeting = (command: StartMeeting, state: AppointmentState): MeetingStartedEvent[] => {
  const fields = fieldsOf(state, command.occurrence_start);
  if (!fields) throw new DomainError('not_found', 'not_found');
  const can = abilitiesOf(state, command.access);
  if (!can.update) throw new DomainError('forbidden', 'forbidden');
  if (!hasMeeting(fields)) throw new DomainError('no_meeting', 'refused');
  if (!can.start_meeting) throw new DomainError('forbidden', 'forbidden');
  const canceled = state.canceled || (command.occurrence_start !== null && state.occurrences[command.occurrence_start]?.canceled === true);
  if (canceled) throw new DomainError('appointment_canceled', 'refused');
  return [
    {
      type: 'MeetingStarted',
      data: {
        appointment_id: state.appointment_id,
        occurrence_start: command.occurrence_start,
        started_by: command.access.viewer.member_id,
        started_at: command.now,
        join_url: meetingJoinUrlOf(fields.meeting),
      },
    },
  ];
};

export const startMeetingDecider: Decider<AppointmentState, StartMeeting, StartMeetingEvent> = {
  initialState: initialAppointmentState,
  evolve: evolveWithMeetings,
  decide: decideStartMeeting,
};
