import { bookingWindow, hasMeeting, meetingJoinUrlOf, roomIntervals, roomOccupiedBy, type RoomBookingSource } from './rooms';

const weekly = (overrides: Partial<RoomBookingSource> = {}): RoomBookingSource => ({
  appointment_id: 'weekly',
  canceled: false,
  room_id: 'saal',
  schedule: {
    start: '2030-01-07T09:00:00.000Z',
    end: '2030-01-07T10:00:00.000Z',
    time_zone: 'Europe/Berlin',
    recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: null },
  },
  occurrences: [],
  ...overrides,
});
const january = { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' };
const span = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });

describe('room occupancy', () => {
  it('a weekly series books its room every week, not other rooms', () => {
    expect(roomIntervals(weekly(), 'saal', january).map((i) => new Date(i.start).toISOString().slice(0, 10))).toEqual([
      '2030-01-07',
      '2030-01-14',
      '2030-01-21',
      '2030-01-28',
    ]);
    expect(roomIntervals(weekly(), 'other', january)).toEqual([]);
  });

  it('canceled and deleted occurrences free the room; a modified one books its own room and time', () => {
    const source = weekly({
      occurrences: [
        { occurrence_start: '2030-01-14T09:00:00.000Z', canceled: true, deleted: false, modified: null },
        { occurrence_start: '2030-01-21T09:00:00.000Z', canceled: false, deleted: true, modified: null },
        {
          occurrence_start: '2030-01-28T09:00:00.000Z',
          canceled: false,
          deleted: false,
          modified: { room_id: 'other', start: '2030-01-28T13:00:00.000Z', end: '2030-01-28T14:00:00.000Z' },
        },
      ],
    });
    expect(roomIntervals(source, 'saal', january)).toEqual([span('2030-01-07T09:00:00.000Z', '2030-01-07T10:00:00.000Z')]);
    expect(roomIntervals(source, 'other', january)).toEqual([span('2030-01-28T13:00:00.000Z', '2030-01-28T14:00:00.000Z')]);
    expect(roomIntervals({ ...source, canceled: true }, 'saal', january)).toEqual([]);
  });

  it('touching spans do not overlap; the own appointment never occupies', () => {
    const others = [weekly()];
    const window = { from: '2030-01-21T00:00:00.000Z', to: '2030-01-22T00:00:00.000Z' };
    expect(roomOccupiedBy([span('2030-01-21T10:00:00.000Z', '2030-01-21T11:00:00.000Z')], others, 'saal', window, null)).toBeNull();
    expect(roomOccupiedBy([span('2030-01-21T09:30:00.000Z', '2030-01-21T11:00:00.000Z')], others, 'saal', window, null)?.appointment_id).toBe('weekly');
    expect(roomOccupiedBy([span('2030-01-21T09:30:00.000Z', '2030-01-21T11:00:00.000Z')], others, 'saal', window, 'weekly')).toBeNull();
  });

  it('checks a series up to the horizon, a single appointment in its own span', () => {
    const window = bookingWindow(weekly().schedule);
    expect(window.from).toBe('2030-01-07T09:00:00.000Z');
    expect(Date.parse(window.to) - Date.parse(window.from)).toBe(366 * 86_400_000);
    expect(bookingWindow({ start: '2030-01-07', end: '2030-01-07', all_day: true })).toEqual({ from: '2030-01-07T00:00:00.000Z', to: '2030-01-08T00:00:00.000Z' });
  });

  it('a meeting is a join link, a room or an online meeting; starting it leads to the join or app URL', () => {
    const meeting = { join_url: '', room_id: null, app_url: '' };
    expect(hasMeeting({ meeting, teams_configuration: { online_meeting: false } })).toBe(false);
    expect(hasMeeting({ meeting: { ...meeting, room_id: 'saal' }, teams_configuration: { online_meeting: false } })).toBe(true);
    expect(hasMeeting({ meeting, teams_configuration: { online_meeting: true } })).toBe(true);
    expect(meetingJoinUrlOf({ join_url: '', app_url: 'https://app' })).toBe('https://app');
    expect(meetingJoinUrlOf({ join_url: 'https://join', app_url: 'https://app' })).toBe('https://join');
    expect(meetingJoinUrlOf(meeting)).toBeNull();
  });
});
