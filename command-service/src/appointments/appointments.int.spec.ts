import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appointmentStream, CONSISTENCY_HEADER, inviteId, memberStream, occurrenceId } from '@cn/contracts';
import { startTestService, type TestService } from '../__tests__/command-service-app';

type Session = { memberId: string; headers: Record<string, string> };

const HOUR = 3_600_000;
/** whole hours, as the form sends them (occurrence ids name their start to the second) */
const inDays = (days: number, hours = 0) => new Date((Math.floor(Date.now() / HOUR) + days * 24 + hours) * HOUR).toISOString();

describe('appointments over HTTP', () => {
  let service: TestService;
  let admin: Session;
  let member: Session;
  let auditor: Session;
  let guest: Session;
  let calendarId: string;
  beforeAll(async () => {
    service = await startTestService();
    [admin, member, auditor, guest] = await Promise.all(
      ['admin@example.org', 'member@example.org', 'auditor@example.org', 'guest@example.org'].map((email) => service.signIn(email)),
    );
    const created = await service.http.post('/calendars').set(admin.headers).send({ type: 'network', calendar: { name: 'Events' } }).expect(201);
    calendarId = created.body.id;
  });
  afterAll(() => service.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    appointment: { name: 'Meetup', calendar_ids: [calendarId], date: { start: inDays(7), end: inDays(7, 2) }, ...overrides },
  });
  const createAppointment = async (overrides: Record<string, unknown> = {}, as: Session = admin): Promise<string> => {
    const res = await service.http.post('/appointments').set(as.headers).send(body(overrides)).expect(201);
    expect(res.body).toEqual({ id: expect.any(String), position: expect.any(Number) });
    expect(res.headers[CONSISTENCY_HEADER.toLowerCase()]).toBe(String(res.body.position));
    return res.body.id as string;
  };
  const invite = (id: string, ...sessions: Session[]) =>
    service.http
      .post(`/appointments/${id}/participants`)
      .set(admin.headers)
      .send({ participant: { membership_ids: sessions.map((session) => session.memberId) } })
      .expect(200);
  const accept = (id: string, as: Session) => service.http.post(`/api/v1/invites/${inviteId(id, as.memberId)}/accept`).set(as.headers);
  const events = async (id: string) => service.infra.eventStore.readStream(appointmentStream(id));

  describe('calendars', () => {
    it('creates with a palette colour, refuses network calendars to members and an empty name', async () => {
      const own = await service.http.post('/calendars').set(member.headers).send({ type: 'personal', calendar: { name: 'Private', membership_ids: [auditor.memberId] } }).expect(201);
      const calendarEvents = await service.infra.eventStore.readStream(`calendar-${own.body.id}`);
      expect(calendarEvents.map((event) => event.type)).toEqual(['CalendarCreated', 'CalendarShared']);
      expect((calendarEvents[0].data as { color: string }).color).toMatch(/^[0-9a-f]{6}$/);
      await service.http.post('/calendars').set(member.headers).send({ type: 'network', calendar: { name: 'Mine' } }).expect(403);
      const head = await service.infra.eventStore.headPosition();
      const empty = await service.http.post('/calendars').set(member.headers).send({ type: 'personal', calendar: { name: ' ' } }).expect(400);
      expect(empty.body).toEqual({ statusCode: 400, error: 'validation_failed', errors: [{ field: 'calendar.name', key: 'required' }] });
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      // the member it is shared with may only remove the share
      await service.http.put(`/calendars/${own.body.id}`).set(auditor.headers).send({ calendar: { name: 'Taken' } }).expect(403);
      await service.http.delete(`/calendars/${own.body.id}/share`).set(auditor.headers).expect(200);
      await service.http.delete(`/calendars/${own.body.id}`).set(member.headers).expect(200);
    });
  });

  describe('validation', () => {
    it.each([
      [{ name: '' }, 'appointment.name', 'required'],
      [{ calendar_ids: [] }, 'appointment.calendar_ids', 'selection_required'],
      [{ date: { start: inDays(3, 2), end: inDays(3) } }, 'appointment.date', 'end_lt_start'],
      [{ recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 0 } }, 'appointment.recurrence_pattern.recurrence_interval', 'too_small'],
      [{ attendee_configuration: { total: -1 } }, 'appointment.attendee_configuration.total', 'too_small'],
      [{ application_configuration: { costs: -1 } }, 'appointment.application_configuration.costs', 'too_small'],
      [{ location: { zip: '12345678901' } }, 'appointment.location.zip', 'too_long'],
    ])('answers 400 with field and key and appends nothing for %j', async (overrides, field, key) => {
      const head = await service.infra.eventStore.headPosition();
      const res = await service.http.post('/appointments').set(admin.headers).send(body(overrides)).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'validation_failed', errors: [{ field, key }] });
      expect(await service.infra.eventStore.headPosition()).toBe(head);
    });

    it('answers 400 unknown_file for attachments and images nobody uploaded, on create and update, and appends nothing', async () => {
      const head = await service.infra.eventStore.headPosition();
      const attached = await service.http.post('/appointments').set(admin.headers).send(body({ event_file_ids: ['no-such-file'] })).expect(400);
      expect(attached.body).toMatchObject({ statusCode: 400, errors: [{ field: 'appointment.event_file_ids.0', key: 'unknown_file' }] });
      const image = await service.http.post('/appointments').set(admin.headers).send(body({ event_image_id: 'no-such-image' })).expect(400);
      expect(image.body).toMatchObject({ statusCode: 400, errors: [{ field: 'appointment.event_image_id', key: 'unknown_file' }] });
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      const id = await createAppointment();
      const before = await service.infra.eventStore.headPosition();
      await service.http.put(`/appointments/${id}`).set(admin.headers).send(body({ event_file_ids: ['no-such-file'] })).expect(400);
      expect(await service.infra.eventStore.headPosition()).toBe(before);
    });

    it('accepts an attachment the member uploaded (files module, issue 13)', async () => {
      const uploaded = await service.http.post('/api/storage/files').set(admin.headers).attach('file', Buffer.from('agenda'), 'agenda.txt').expect(201);
      const fileId = (uploaded.body as { id: string }).id;
      await service.http.post('/appointments').set(admin.headers).send(body({ event_file_ids: [fileId], event_image_id: fileId })).expect(201);
    });

    it('answers 400 time_zone invalid for a zone the runtime does not know', async () => {
      const head = await service.infra.eventStore.headPosition();
      const res = await service.http
        .post('/appointments')
        .set(admin.headers)
        .send(body({ date: { start: inDays(7), end: inDays(7, 2), time_zone: 'Mars/Olympus_Mons' } }))
        .expect(400);
      expect(res.body.errors).toEqual([{ field: 'appointment.date.time_zone', key: 'invalid' }]);
      expect(await service.infra.eventStore.headPosition()).toBe(head);
    });
  });

  describe('authorization', () => {
    it('answers 403 to a member without update rights, and appends nothing', async () => {
      const id = await createAppointment();
      const head = await service.infra.eventStore.headPosition();
      const edit = await service.http.put(`/appointments/${id}`).set(member.headers).send(body({ name: 'Hijacked' })).expect(403);
      expect(edit.body.error).toBe('forbidden');
      await service.http.post(`/appointments/${id}/cancel`).set(member.headers).expect(403);
      await service.http.delete(`/appointments/${id}`).set(member.headers).expect(403);
      await service.http.patch(`/appointments/${id}`).set(member.headers).send({ appointment: { attendee_configuration: { participation_locked: true } } }).expect(403);
      await service.http.post(`/appointments/${id}/participants`).set(member.headers).send({ participant: { membership_ids: [member.memberId] } }).expect(403);
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      await service.http.put(`/appointments/${id}`).set(admin.headers).send(body({ name: 'Renamed' })).expect(200);
    });

    it('lets a participant answer only their own invite', async () => {
      const id = await createAppointment();
      await invite(id, member);
      await service.http.post(`/api/v1/invites/${inviteId(id, member.memberId)}/accept`).set(auditor.headers).expect(403);
      await service.http.post(`/api/v1/invites/nonsense/accept`).set(member.headers).expect(404);
    });
  });

  describe('RSVP', () => {
    it('accepts an open invite once, and records who and when on the appointment stream', async () => {
      const id = await createAppointment();
      await invite(id, member, auditor);
      await accept(id, member).expect(200);
      const again = await accept(id, member).expect(422);
      expect(again.body.error).toBe('invite_not_open');
      await service.http.post(`/api/v1/invites/${inviteId(id, auditor.memberId)}/reject`).set(auditor.headers).expect(200);
      const answers = (await events(id)).filter((event) => event.type === 'ParticipantStatusChanged');
      expect(answers.map((event) => [event.data, event.metadata.memberId])).toEqual([
        [expect.objectContaining({ member_id: member.memberId, status: 'accepted', changed_by: member.memberId }), member.memberId],
        [expect.objectContaining({ member_id: auditor.memberId, status: 'declined', changed_by: auditor.memberId }), auditor.memberId],
      ]);
      for (const event of answers) expect(Date.parse(event.metadata.occurredAt)).not.toBeNaN();
    });

    it('refuses answers while participation is locked, and accepts them again once unlocked', async () => {
      const id = await createAppointment();
      await invite(id, member);
      const lock = (locked: boolean) =>
        service.http.patch(`/appointments/${id}`).set(admin.headers).send({ appointment: { attendee_configuration: { participation_locked: locked } } }).expect(200);
      await lock(true);
      expect((await accept(id, member).expect(422)).body.error).toBe('participation_locked');
      const viaMe = await service.http.put(`/appointments/${id}/participants/me`).set(member.headers).send({ participant: { status: 'accepted' } }).expect(422);
      expect(viaMe.body.error).toBe('participation_locked');
      await lock(false);
      await accept(id, member).expect(200);
    });

    it('refuses to accept beyond an enforced limit', async () => {
      const id = await createAppointment({ attendee_configuration: { total: 1, total_attendees_enforced: true } });
      await invite(id, member, auditor);
      await accept(id, member).expect(200);
      const full = await accept(id, auditor).expect(409);
      expect(full.body).toEqual({ statusCode: 409, error: 'attendee_limit_exceeded', errors: [] });
      await service.http.post(`/api/v1/invites/${inviteId(id, auditor.memberId)}/reject`).set(auditor.headers).expect(200);
    });

    it('answers an expired open invite only while opt_retroactively is on', async () => {
      const id = await createAppointment({ date: { start: inDays(-3), end: inDays(-3, 1) } });
      await invite(id, member, auditor);
      const settings = (on: boolean) => service.http.put('/administration/settings').set(admin.headers).send({ member: { opt_retroactively: on } }).expect(200);
      await settings(false);
      expect((await accept(id, member).expect(422)).body.error).toBe('invite_expired');
      await settings(true);
      await accept(id, member).expect(200);
      await settings(false);
      expect((await accept(id, auditor).expect(422)).body.error).toBe('invite_expired');
    });

    it('gives the last free place to exactly one of two members accepting at the same moment', async () => {
      const id = await createAppointment({ attendee_configuration: { total: 2, total_attendees_enforced: true } });
      await invite(id, member, auditor, guest);
      await accept(id, guest).expect(200);
      const [first, second] = await Promise.all([accept(id, member), accept(id, auditor)]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body.error).toBe('attendee_limit_exceeded');
      const stream = await events(id);
      const accepted = stream.filter((event) => event.type === 'ParticipantStatusChanged' && (event.data as { status: string }).status === 'accepted');
      expect(accepted).toHaveLength(2);
      // one stream, gapless revisions: both accepts raced on it and the loser re-decided on the winner's event
      expect(stream.map((event) => event.revision)).toEqual(stream.map((_event, index) => index));
    });
  });

  describe('waiting list', () => {
    it('promotes the first waiting member when an attendee declines', async () => {
      const id = await createAppointment({ attendee_configuration: { total: 1, total_attendees_enforced: true } });
      await invite(id, member, auditor);
      await accept(id, member).expect(200);
      await service.http.post(`/appointments/${id}/waitlist`).set(member.headers).expect(422);
      await service.http.post(`/appointments/${id}/waitlist`).set(auditor.headers).expect(200);
      await service.http.put(`/appointments/${id}/participants/me`).set(member.headers).send({ participant: { status: 'declined' } }).expect(200);
      const promoted = (await events(id)).find((event) => event.type === 'WaitlistPromoted');
      expect(promoted?.data).toEqual({ appointment_id: id, member_id: auditor.memberId, freed_by: member.memberId, promoted_at: expect.any(String) });
      expect(promoted?.metadata.memberId).toBe(member.memberId);
      await service.http.delete(`/appointments/${id}/waitlist`).set(auditor.headers).expect(422);
    });
  });

  describe('recurrence', () => {
    it('changes one occurrence through its r- id and answers one occurrence with apply_to this', async () => {
      const start = inDays(7);
      const id = await createAppointment({ date: { start, end: inDays(7, 1) }, recurrence_pattern: { recurrence_frequency: 'weekly' } });
      const second = new Date(Date.parse(start) + 7 * 24 * HOUR).toISOString();
      const rid = occurrenceId(id, second);
      await service.http.put(`/appointments/${rid}`).set(admin.headers).send(body({ name: 'Special edition', date: { start: second, end: new Date(Date.parse(second) + HOUR).toISOString() } })).expect(200);
      await invite(id, member);
      await service.http.put(`/appointments/${rid}/participants/me`).set(member.headers).send({ participant: { status: 'declined' }, apply_to: 'this' }).expect(200);
      const stream = await events(id);
      expect(stream.find((event) => event.type === 'AppointmentOccurrenceModified')?.data).toMatchObject({ occurrence_id: rid, occurrence_start: second });
      expect(stream[stream.length - 1].data).toMatchObject({ occurrence_start: second, status: 'declined' });
      await service.http.post(`/appointments/${rid}/cancel`).set(admin.headers).expect(200);
      expect((await service.http.post(`/appointments/${rid}/cancel`).set(admin.headers).expect(422)).body.error).toBe('already_canceled');
    });
  });

  describe('cancel and delete', () => {
    it('cancels once, then deletes', async () => {
      const id = await createAppointment();
      await service.http.post(`/appointments/${id}/cancel`).set(admin.headers).expect(200);
      expect((await service.http.post(`/appointments/${id}/cancel`).set(admin.headers).expect(422)).body.error).toBe('already_canceled');
      await service.http.delete(`/appointments/${id}`).set(admin.headers).expect(200);
      await service.http.put(`/appointments/${id}`).set(admin.headers).send(body()).expect(404);
    });
  });

  describe('contact attendees', () => {
    it('requires subject and text, records the message and writes a mail per recipient into the outbox', async () => {
      const id = await createAppointment();
      await invite(id, member, auditor);
      await accept(id, member).expect(200);
      const head = await service.infra.eventStore.headPosition();
      const missing = await service.http.post(`/appointments/${id}/contact`).set(admin.headers).send({ contact: { subject: '', text: '' } }).expect(400);
      expect(missing.body.errors).toEqual([
        { field: 'contact.subject', key: 'required' },
        { field: 'contact.text', key: 'required' },
      ]);
      expect(await service.infra.eventStore.headPosition()).toBe(head);
      await service.http.post(`/appointments/${id}/contact`).set(member.headers).send({ contact: { subject: 'Hi', text: 'Hello' } }).expect(403);
      await service.http.post(`/appointments/${id}/contact`).set(admin.headers).send({ contact: { subject: 'Bring cake', text: 'See you there', audience: 'accepted' } }).expect(200);
      const recorded = (await events(id)).find((event) => event.type === 'AttendeesContacted');
      expect(recorded?.data).toMatchObject({ subject: 'Bring cake', audience: 'accepted', recipient_ids: [member.memberId] });
      const outbox = join(service.infra.config.dataDir, 'outbox');
      const mails = await Promise.all((await readdir(outbox)).filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(outbox, name), 'utf8')) as { to: string[]; subject: string }));
      expect(mails.filter((mail) => mail.subject === 'Bring cake')).toEqual([expect.objectContaining({ to: ['member@example.org'] })]);
    });
  });

  describe('calendar token', () => {
    it('issues a token answered once and stored hashed, rotates and revokes it', async () => {
      const first = await service.http.post('/users/calendar_token').set(member.headers).expect(200);
      expect(first.body).toEqual({ token: expect.stringMatching(/^[\w-]{40,}$/), position: expect.any(Number) });
      const second = await service.http.post('/users/calendar_token').set(member.headers).expect(200);
      expect(second.body.token).not.toBe(first.body.token);
      await service.http.delete('/users/calendar_token').set(member.headers).expect(200);
      const stream = await service.infra.eventStore.readStream(memberStream(member.memberId));
      const tokens = stream.filter((event) => event.type.startsWith('MemberCalendarToken'));
      expect(tokens.map((event) => event.type)).toEqual(['MemberCalendarTokenIssued', 'MemberCalendarTokenIssued', 'MemberCalendarTokenRevoked']);
      expect(JSON.stringify(tokens)).not.toContain(first.body.token);
      await service.http.post('/users/calendar_token').expect(401);
    });
  });
});
