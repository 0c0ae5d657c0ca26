import { appointmentFieldsSchema, type AppointmentFieldsInput, type CalendarFacts, type Viewer } from '@cn/contracts';
import { DomainError } from '@cn/domain';
import { startMeetingDecider, type StartMeetingEvent } from './start-meeting.decider';

const NOW = '2030-01-07T08:55:00.000Z';
const calendars: Record<string, CalendarFacts | null> = { network: { type: 'network', author_id: 'admin', parent_id: null, shared_with: [] } };
const as = (memberId: string, overrides: Partial<Viewer> = {}) => ({
  viewer: { member_id: memberId, network_admin: false, external: false, group_ids: [], admin_group_ids: [], ...overrides },
  calendars,
});
const created = (input: Partial<AppointmentFieldsInput> = {}): StartMeetingEvent => ({
  type: 'AppointmentCreated',
  data: {
    appointment_id: 'a1',
    author_id: 'author',
    appointment: appointmentFieldsSchema.parse({
      name: 'Board',
      calendar_ids: ['network'],
      date: { start: '2030-01-07T09:00:00Z', end: '2030-01-07T10:00:00Z' },
      meeting: { join_url: 'https://meet.example.org/board' },
      ...input,
    }),
  },
});
const decide = (events: StartMeetingEvent[], memberId: string, overrides: Partial<Viewer> = {}) =>
  startMeetingDecider.decide(
    { type: 'StartMeeting', access: as(memberId, overrides), occurrence_start: null, now: NOW },
    events.reduce(startMeetingDecider.evolve, startMeetingDecider.initialState()),
  );
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind} ${error.key}`;
    throw error;
  }
  return 'none';
};

describe('start meeting decider', () => {
  it('the organizer starts it: who, when and the join URL', () => {
    expect(decide([created()], 'author')).toEqual([
      {
        type: 'MeetingStarted',
        data: { appointment_id: 'a1', occurrence_start: null, started_by: 'author', started_at: NOW, join_url: 'https://meet.example.org/board' },
      },
    ]);
    // the app URL when there is no join link; starting twice is recorded twice
    const started = decide([created({ meeting: { app_url: 'https://app.example.org/m/1', room_id: 'saal' } })], 'author');
    expect(started[0]?.data).toMatchObject({ join_url: 'https://app.example.org/m/1' });
    expect(decide([created(), ...started], 'author')).toHaveLength(1);
  });

  it('refuses plain members, external members, appointments without a meeting, canceled and unknown ones', () => {
    expect(refusal(() => decide([created()], 'member'))).toBe('forbidden forbidden');
    expect(refusal(() => decide([created()], 'author', { external: true }))).toBe('forbidden forbidden');
    expect(refusal(() => decide([created({ meeting: {} })], 'author'))).toBe('refused no_meeting');
    expect(refusal(() => decide([created(), { type: 'AppointmentCanceled', data: { appointment_id: 'a1', occurrence_start: null } }], 'author'))).toBe('refused appointment_canceled');
    expect(refusal(() => decide([], 'author'))).toBe('not_found not_found');
  });
});
