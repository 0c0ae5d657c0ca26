import { appointmentCategoriesStream, appointmentStream, DEFAULT_NETWORK_ID } from '@cn/contracts';
import { startTestService, type TestService } from '../__tests__/command-service-app';

type Session = { memberId: string; headers: Record<string, string> };

const HOUR = 3_600_000;
/** whole hours from now */
const at = (days: number, hours = 0) => new Date((Math.floor(Date.now() / HOUR) + days * 24 + hours) * HOUR).toISOString();

describe('categories, meeting rooms and starting meetings over HTTP', () => {
  let service: TestService;
  let admin: Session;
  let member: Session;
  let calendarId: string;
  let roomId: string;
  beforeAll(async () => {
    service = await startTestService();
    [admin, member] = await Promise.all(['admin@example.org', 'member@example.org'].map((email) => service.signIn(email)));
    calendarId = (await service.http.post('/calendars').set(admin.headers).send({ type: 'network', calendar: { name: 'Rooms' } }).expect(201)).body.id;
    roomId = (await service.http.post('/administration/meeting_rooms').set(admin.headers).send({ meeting_room: { name: 'Kapelle', capacity: 30 } }).expect(201)).body.id;
  });
  afterAll(() => service.close());

  const appointment = (start: string, end: string, overrides: Record<string, unknown> = {}) => ({
    appointment: { name: 'Booking', calendar_ids: [calendarId], date: { start, end }, meeting: { room_id: roomId }, ...overrides },
  });
  const create = (body: object, as: Session = admin) => service.http.post('/appointments').set(as.headers).send(body);

  describe('custom appointment categories', () => {
    it('adds, renames and removes in one event; a duplicate label is 400 duplicated_category on the field with nothing appended', async () => {
      const stream = appointmentCategoriesStream(DEFAULT_NETWORK_ID);
      await service.http
        .put('/administration/appointment_categories')
        .set(admin.headers)
        .send({ custom_categories: [{ label: 'Choir practice' }, { label: 'Garden' }] })
        .expect(200);
      const head = await service.infra.eventStore.headPosition();
      const dup = await service.http.put('/administration/appointment_categories').set(admin.headers).send({ custom_categories: [{ label: 'garden ' }] }).expect(400);
      expect(dup.body).toEqual({ statusCode: 400, error: 'validation_failed', errors: [{ field: 'custom_categories.0.label', key: 'duplicated_category' }] });
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      const empty = await service.http.put('/administration/appointment_categories').set(admin.headers).send({ custom_categories: [{ label: '' }] }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'custom_categories.0.label', key: 'required' }]);
      await service.http.put('/administration/appointment_categories').set(member.headers).send({ custom_categories: [{ label: 'Mine' }] }).expect(403);
      await service.http
        .put('/administration/appointment_categories')
        .set(admin.headers)
        .send({ custom_categories: [{ id: 'Garden', label: 'Gardening' }, { id: 'Choir practice', label: 'Choir practice', _destroy: true }] })
        .expect(200);
      const events = await service.infra.eventStore.readStream(stream);
      expect(events.map((event) => event.type)).toEqual(['AppointmentCategoriesChanged', 'AppointmentCategoriesChanged']);
      expect(events[1].data).toMatchObject({ custom_categories: [{ id: 'Garden', label: 'Gardening' }], renamed: ['Garden'], removed: ['Choir practice'] });
      expect(events[1].metadata.memberId).toBe(admin.memberId);
    });

    it('an appointment names a built-in or custom category; an unknown one is 400', async () => {
      await create(appointment(at(40), at(40, 1), { category: 'Garden', meeting: {} })).expect(201);
      await create(appointment(at(40), at(40, 1), { category: 'meeting', meeting: {} })).expect(201);
      const unknown = await create(appointment(at(40), at(40, 1), { category: 'Nonsense', meeting: {} })).expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'appointment.category', key: 'unknown_category' }]);
    });
  });

  describe('room occupancy', () => {
    it('refuses an overlapping booking of the room with 409 room_occupied; touching and other rooms are fine; the stored name is the room\'s', async () => {
      const first = (await create(appointment(at(10), at(10, 2), { meeting: { room_id: roomId, room_name: 'whatever' } })).expect(201)).body.id as string;
      const [created] = await service.infra.eventStore.readStream(appointmentStream(first));
      expect((created.data as { appointment: { meeting: { room_name: string } } }).appointment.meeting.room_name).toBe('Kapelle');
      const head = await service.infra.eventStore.headPosition();
      const clash = await create(appointment(at(10, 1), at(10, 3)), member).expect(409);
      expect(clash.body).toEqual({ statusCode: 409, error: 'room_occupied', errors: [{ field: 'appointment.meeting.room_id', key: 'room_occupied' }] });
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      await create(appointment(at(10, 2), at(10, 3))).expect(201);
      const unknownRoom = await create(appointment(at(10), at(10, 1), { meeting: { room_id: 'no-such-room' } })).expect(400);
      expect(unknownRoom.body.errors).toEqual([{ field: 'appointment.meeting.room_id', key: 'unknown_room' }]);
      // editing the booked appointment itself keeps its room
      await service.http.put(`/appointments/${first}`).set(admin.headers).send(appointment(at(10), at(10, 2), { name: 'Renamed' })).expect(200);
      // canceling frees the room
      await service.http.post(`/appointments/${first}/cancel`).set(admin.headers).expect(200);
      await create(appointment(at(10), at(10, 1))).expect(201);
    });

    it('a weekly series occupies the room every week', async () => {
      const weekly = { recurrence_pattern: { recurrence_frequency: 'weekly' } };
      await create(appointment(at(20), at(20, 1), weekly)).expect(201);
      for (const week of [1, 3, 10]) {
        await create(appointment(at(20 + 7 * week), at(20 + 7 * week, 1))).expect(409);
      }
      await create(appointment(at(21), at(21, 1))).expect(201);
      // a second series on another weekday is free, one on the same weekday later on is not
      await create(appointment(at(22), at(22, 1), weekly)).expect(201);
      await create(appointment(at(20 + 28, 0), at(20 + 28, 1), weekly)).expect(409);
    });
  });

  describe('starting a meeting', () => {
    it('403 for a plain member; the organizer gets the join URL and MeetingStarted records who and when', async () => {
      const id = (await create(appointment(at(5), at(5, 1), { meeting: { join_url: 'https://meet.example.org/x' } })).expect(201)).body.id as string;
      await service.http.post(`/appointments/${id}/start-meeting`).set(member.headers).expect(403);
      const res = await service.http.post(`/appointments/${id}/start-meeting`).set(admin.headers).expect(200);
      expect(res.body).toEqual({ position: expect.any(Number), join_url: 'https://meet.example.org/x' });
      const events = await service.infra.eventStore.readStream(appointmentStream(id));
      const started = events.find((event) => event.type === 'MeetingStarted');
      expect(started?.data).toEqual({ appointment_id: id, occurrence_start: null, started_by: admin.memberId, started_at: expect.any(String), join_url: 'https://meet.example.org/x' });
      expect(started?.metadata.memberId).toBe(admin.memberId);
      const without = (await create(appointment(at(6), at(6, 1), { meeting: {} })).expect(201)).body.id as string;
      expect((await service.http.post(`/appointments/${without}/start-meeting`).set(admin.headers).expect(422)).body.error).toBe('no_meeting');
      await service.http.post('/appointments/unknown/start-meeting').set(admin.headers).expect(404);
    });
  });
});
