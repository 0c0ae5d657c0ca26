import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  appointmentCategoriesStream,
  appointmentFieldsSchema,
  appointmentStream,
  calendarStream,
  meetingRoomStream,
  type AppointmentCategoriesResponse,
  type AppointmentFieldsInput,
  type MeetingRoomsResponse,
} from '@cn/contracts';
import { startHarness, type Harness } from '../__tests__/harness';

const DAY = 86_400_000;

describe('meeting rooms and categories read side', () => {
  let h: Harness;
  let head = 0;
  // a Monday 09:00Z some weeks ahead
  const base = new Date(Date.UTC(2031, 0, 6, 9));
  const iso = (ms: number) => new Date(ms).toISOString();
  const get = (path: string, member = 'alice') => request(h.server).get(path).set(CONSISTENCY_HEADER, String(head)).set('Cookie', h.cookie(member));
  const fields = (start: number, input: Partial<AppointmentFieldsInput> = {}) =>
    appointmentFieldsSchema.parse({ name: 'Booked', calendar_ids: ['cal'], date: { start: iso(start), end: iso(start + 3_600_000) }, ...input });
  const rooms = async (start: number, end: number, extra = ''): Promise<Record<string, boolean>> => {
    const res = await get(`/meeting_rooms?filter=reservable&start=${iso(start)}&end=${iso(end)}${extra}`).expect(200);
    return Object.fromEntries((res.body as MeetingRoomsResponse).meeting_rooms.map((room) => [room.name, room.occupied]));
  };

  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('alice', 'Alice', 'Author');
    await h.append(calendarStream('cal'), 'CalendarCreated', { calendar_id: 'cal', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'admin' }, 'admin');
    await h.append(meetingRoomStream('saal'), 'MeetingRoomCreated', { room_id: 'saal', name: 'Saal', capacity: 120 }, 'admin');
    await h.append(meetingRoomStream('b1'), 'MeetingRoomCreated', { room_id: 'b1', name: 'Besprechungsraum 1', capacity: 12 }, 'admin');
    // weekly in the Saal, one single booking of room 1 on the Tuesday
    await h.append(appointmentStream('weekly'), 'AppointmentCreated', {
      appointment_id: 'weekly',
      author_id: 'admin',
      appointment: fields(base.getTime(), { meeting: { room_id: 'saal' }, recurrence_pattern: { recurrence_frequency: 'weekly' } }),
    }, 'admin');
    head = await h.append(appointmentStream('single'), 'AppointmentCreated', {
      appointment_id: 'single',
      author_id: 'admin',
      appointment: fields(base.getTime() + DAY, { meeting: { room_id: 'b1' } }),
    }, 'admin');
  });
  afterAll(() => h.close());

  it('marks a room occupied by an overlapping booking, each week of a weekly series', async () => {
    const t = base.getTime();
    expect(await rooms(t + 1_800_000, t + 5_400_000)).toEqual({ 'Besprechungsraum 1': false, Saal: true });
    expect(await rooms(t + 21 * DAY + 1_800_000, t + 21 * DAY + 5_400_000)).toEqual({ 'Besprechungsraum 1': false, Saal: true });
    expect(await rooms(t + 3_600_000, t + 7_200_000)).toEqual({ 'Besprechungsraum 1': false, Saal: false });
    expect(await rooms(t + DAY, t + DAY + 600_000)).toEqual({ 'Besprechungsraum 1': true, Saal: false });
    // room_id narrows to one room; the appointment being edited does not occupy its own room
    expect(await rooms(t, t + 3_600_000, '&room_id=saal')).toEqual({ Saal: true });
    expect(await rooms(t + 7 * DAY, t + 7 * DAY + 3_600_000, '&appointment_id=weekly')).toEqual({ 'Besprechungsraum 1': false, Saal: false });
  });

  it('a canceled occurrence frees the room that week only; listing without a span marks nothing; start and end are required', async () => {
    const t = base.getTime();
    head = await h.append(appointmentStream('weekly'), 'AppointmentCanceled', { appointment_id: 'weekly', occurrence_start: iso(t + 14 * DAY) }, 'admin');
    expect((await rooms(t + 14 * DAY, t + 14 * DAY + 3_600_000)).Saal).toBe(false);
    expect((await rooms(t + 21 * DAY, t + 21 * DAY + 3_600_000)).Saal).toBe(true);
    const all = (await get('/meeting_rooms').expect(200)).body as MeetingRoomsResponse;
    expect(all.meeting_rooms).toEqual([
      { id: 'b1', name: 'Besprechungsraum 1', capacity: 12, occupied: false },
      { id: 'saal', name: 'Saal', capacity: 120, occupied: false },
    ]);
    const missing = await get('/meeting_rooms?filter=reservable&start=2031-01-06T09:00:00Z').expect(400);
    expect(missing.body.errors).toEqual([{ field: 'end', key: 'required' }]);
    await request(h.server).get('/meeting_rooms').expect(401);
  });

  it('answers the built-in categories and then the custom ones', async () => {
    const before = (await get('/appointments/categories').expect(200)).body as AppointmentCategoriesResponse;
    expect(before.categories.every((category) => !category.custom)).toBe(true);
    head = await h.append(appointmentCategoriesStream('default'), 'AppointmentCategoriesChanged', {
      network_id: 'default',
      custom_categories: [{ id: 'Choir', label: 'Choir practice' }],
      added: ['Choir'],
      renamed: [],
      removed: [],
    }, 'admin');
    const after = (await get('/appointments/categories').expect(200)).body as AppointmentCategoriesResponse;
    expect(after.categories.slice(-1)).toEqual([{ id: 'Choir', label: 'Choir practice', custom: true }]);
    expect(after.categories.length).toBe(before.categories.length + 1);
  });
});
