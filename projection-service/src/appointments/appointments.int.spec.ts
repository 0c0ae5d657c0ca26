import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  appointmentFieldsSchema,
  appointmentStream,
  calendarStream,
  groupStream,
  memberStream,
  occurrenceId,
  type AppointmentDto,
  type AppointmentFieldsInput,
  type AppointmentsMonthResponse,
  type CalendarsResponse,
  type InvitesResponse,
} from '@cn/contracts';
import { startHarness, type Harness } from '../__tests__/harness';
import { dateOf, occurrencesOf, readCalendar, readWorkbook } from '../exports/testing/independent-readers';

const DAY = 86_400_000;
const pad = (n: number): string => String(n).padStart(2, '0');
const monthAfter = (date: Date, months: number): string => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
};

const fields = (input: Partial<AppointmentFieldsInput> & { start: string; end: string }): Record<string, unknown> => {
  const { start, end, ...rest } = input;
  return appointmentFieldsSchema.parse({
    name: 'Team meeting',
    calendar_ids: ['network-cal'],
    date: { start, end, all_day: false, time_zone: 'Europe/Berlin' },
    ...rest,
  });
};

describe('calendar read side', () => {
  let h: Harness;
  let head = 0;
  const now = new Date();
  // tomorrow 09:00Z (10:00 or 11:00 in Berlin), weekly without end
  const seriesStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9));
  const seriesEnd = new Date(seriesStart.getTime() + 3_600_000);
  const nextMonth = monthAfter(now, 1);
  const get = (path: string, member?: string) => {
    const req = request(h.server).get(path).set(CONSISTENCY_HEADER, String(head));
    return member ? req.set('Cookie', h.cookie(member)) : req;
  };

  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('alice', 'Alice', 'Author');
    await h.register('bob', 'Bob', 'Baker');
    await h.register('carol', 'Carol', 'Clark');
    await h.append(calendarStream('network-cal'), 'CalendarCreated', { calendar_id: 'network-cal', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'admin' }, 'admin');
    await h.append(calendarStream('alice-cal'), 'CalendarCreated', { calendar_id: 'alice-cal', name: 'Alice private', color: 'd32f2f', type: 'personal', parent_id: null, author_id: 'alice' }, 'alice');
    await h.append(groupStream('g1'), 'GroupCreated', { group_id: 'g1', slug: 'choir', name: 'Choir', group_category_id: null, access: 'closed' }, 'admin');
    await h.append(groupStream('g1'), 'MemberJoinedGroup', { group_id: 'g1', member_id: 'carol', admin: true }, 'admin');
    await h.append(calendarStream('choir-cal'), 'CalendarCreated', { calendar_id: 'choir-cal', name: 'Choir', color: '388e3c', type: 'group', parent_id: 'g1', author_id: 'carol' }, 'carol');
    await h.append(
      appointmentStream('series'),
      'AppointmentCreated',
      {
        appointment_id: 'series',
        author_id: 'alice',
        appointment: fields({
          start: seriesStart.toISOString(),
          end: seriesEnd.toISOString(),
          recurrence_pattern: { recurrence_frequency: 'weekly' },
          attendee_configuration: { total: 1, total_attendees_enforced: true },
        }),
      },
      'alice',
    );
    await h.append(
      appointmentStream('series'),
      'ParticipantsInvited',
      {
        appointment_id: 'series',
        occurrence_start: null,
        participants: [
          { member_id: 'bob', status: 'invited' },
          { member_id: 'carol', status: 'accepted' },
        ],
        group_ids: [],
        membership_role_ids: [],
        send_email_notification: false,
        invited_by: 'alice',
      },
      'alice',
    );
    const single = new Date(seriesStart.getTime() + 2 * DAY);
    await h.append(appointmentStream('single'), 'AppointmentCreated', { appointment_id: 'single', author_id: 'alice', appointment: fields({ name: 'Party', start: single.toISOString(), end: new Date(single.getTime() + 7_200_000).toISOString() }) }, 'alice');
    await h.append(appointmentStream('single'), 'ParticipantsInvited', { appointment_id: 'single', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'alice' }, 'alice');
    const past = new Date(now.getTime() - 10 * DAY);
    await h.append(appointmentStream('past'), 'AppointmentCreated', { appointment_id: 'past', author_id: 'alice', appointment: fields({ name: 'Old one', start: past.toISOString(), end: new Date(past.getTime() + 3_600_000).toISOString() }) }, 'alice');
    await h.append(appointmentStream('past'), 'ParticipantsInvited', { appointment_id: 'past', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'alice' }, 'alice');
    await h.append(appointmentStream('hidden'), 'AppointmentCreated', { appointment_id: 'hidden', author_id: 'alice', appointment: fields({ name: 'Dentist', calendar_ids: ['alice-cal'], start: single.toISOString(), end: new Date(single.getTime() + 3_600_000).toISOString() }) }, 'alice');
    head = await h.append(memberStream('bob'), 'MemberCalendarTokenIssued', { member_id: 'bob', token_hash: createHash('sha256').update('bob-secret').digest('hex') }, 'bob');
  });
  afterAll(() => h.close());

  it('expands a weekly series over the next month on the sheet, whole ISO weeks, with calendar colours and r- ids', async () => {
    const res = await get(`/appointments?date=${nextMonth}&view=sheet&type=month`, 'bob').expect(200);
    const body = res.body as AppointmentsMonthResponse;
    const weekly = body.appointments.filter((a) => a.recurring_appointment_id === 'series');
    const days = (Date.parse(`${body.to}T00:00:00Z`) - Date.parse(`${body.from}T00:00:00Z`)) / DAY + 1;
    expect(days % 7).toBe(0);
    expect(new Date(`${body.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weekly).toHaveLength(days / 7);
    for (const occurrence of weekly) {
      expect(occurrence.id).toBe(occurrenceId('series', occurrence.date.start));
      expect(occurrence.type).toBe('recurring_appointment');
      expect(occurrence.calendars).toEqual([{ id: 'network-cal', name: 'Network', color: '1976d2' }]);
      expect(occurrence.participants).toEqual([]);
    }
    // a week apart on the Berlin wall clock
    const local = weekly.map((a) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit' }).format(new Date(a.date.start)));
    expect(new Set(local).size).toBe(1);
    expect(body.appointments.map((a) => a.name)).not.toContain('Dentist');
  });

  it('filters by calendar and group, and lists what the member takes part in', async () => {
    const none = await get(`/appointments?date=${nextMonth}&calendar_ids=alice-cal`, 'bob').expect(200);
    expect((none.body as AppointmentsMonthResponse).appointments).toEqual([]);
    const own = await get(`/appointments?date=${nextMonth}&calendar_ids=alice-cal`, 'alice').expect(200);
    expect((own.body as AppointmentsMonthResponse).appointments.every((a) => a.name === 'Dentist')).toBe(true);
    const group = await get(`/groups/choir/appointments?date=${nextMonth}`, 'carol').expect(200);
    expect((group.body as AppointmentsMonthResponse).appointments).toEqual([]);
    const participating = await get(`/appointments/participating?date=${nextMonth}&view=list`, 'carol').expect(200);
    const list = (participating.body as AppointmentsMonthResponse).appointments;
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.every((a) => a.recurring_appointment_id === 'series')).toBe(true);
    await get(`/appointments/participating?date=${nextMonth}`, 'admin').expect(200);
    await get(`/appointments?date=2026-13`, 'bob').expect(400);
    await get(`/appointments?date=${nextMonth}`).expect(401);
  });

  it('changes one occurrence only when it is modified', async () => {
    const before = (await get(`/appointments?date=${nextMonth}`, 'bob').expect(200)).body as AppointmentsMonthResponse;
    const weekly = before.appointments.filter((a) => a.recurring_appointment_id === 'series');
    const target = weekly[1];
    if (!target) throw new Error('two occurrences expected');
    const moved = new Date(Date.parse(target.date.start) + 2 * 3_600_000);
    head = await h.append(
      appointmentStream('series'),
      'AppointmentOccurrenceModified',
      {
        appointment_id: 'series',
        occurrence_id: target.id,
        occurrence_start: target.date.start,
        appointment: fields({ name: 'Special rehearsal', start: moved.toISOString(), end: new Date(moved.getTime() + 3_600_000).toISOString(), recurrence_pattern: { recurrence_frequency: 'weekly' } }),
        changed_fields: ['name', 'date'],
      },
      'alice',
    );
    const after = (await get(`/appointments?date=${nextMonth}`, 'bob').expect(200)).body as AppointmentsMonthResponse;
    const afterWeekly = after.appointments.filter((a) => a.recurring_appointment_id === 'series');
    expect(afterWeekly).toHaveLength(weekly.length);
    const changed = afterWeekly.filter((a) => a.name === 'Special rehearsal');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ id: target.id, date: { start: moved.toISOString() } });
    expect(afterWeekly.filter((a) => a.id !== target.id)).toEqual(weekly.filter((a) => a.id !== target.id));

    const detail = (await get(`/appointments/${target.id}`, 'bob').expect(200)).body as AppointmentDto;
    expect(detail).toMatchObject({ name: 'Special rehearsal', recurring_appointment_id: 'series', recurring_appointment_url: '/appointments/series' });
    expect(detail.previous_occurrence_url).toBe(`/appointments/${weekly[0]?.id}`);
    expect(detail.next_occurrence_url).toBe(`/appointments/${weekly[2]?.id}`);
  });

  it('answers the detail with sorted participants, counts, my invite and abilities per member', async () => {
    const bob = (await get('/appointments/series', 'bob').expect(200)).body as AppointmentDto;
    expect(bob.participants.map((p) => [p.id, p.status, p.membership.name])).toEqual([
      ['carol', 'accepted', 'Carol Clark'],
      ['me', 'invited', 'Bob Baker'],
    ]);
    expect(bob).toMatchObject({ attending_participants_count: 1, total_attendees_enforced_and_exceeded: true, canceled: false });
    expect(bob.my_invite).toMatchObject({ id: 'series.bob', status: 'open', invited_by: { id: 'alice', name: 'Alice Author' } });
    expect(bob.next_occurrence_date).toBe(seriesStart.toISOString());
    expect(bob.can).toMatchObject({ update: false, destroy: false, download_attendees: false, show_attendees: true, opt: true, lock: false });
    const alice = (await get('/appointments/series', 'alice').expect(200)).body as AppointmentDto;
    expect(alice.can).toMatchObject({ update: true, contact: true, update_participants: true, download_attendees: true, destroy: true, lock: true });
    const admin = (await get('/appointments/series', 'admin').expect(200)).body as AppointmentDto;
    expect(admin.can.update).toBe(true);
    await get('/appointments/hidden', 'bob').expect(403);
    await get('/appointments/nothing', 'bob').expect(404);
    await get(`/appointments/${occurrenceId('series', new Date(seriesStart.getTime() + 3_600_000).toISOString())}`, 'bob').expect(404);
  });

  it('answers the invite tabs with the open count and a next-page link', async () => {
    const open = await get('/api/v1/invites?filter=appointments&status=open&limit=1', 'bob').expect(200);
    const body = open.body as InvitesResponse;
    expect(body.open_count).toBe(2);
    expect(body.invites.map((i) => i.appointment.id)).toEqual(['series']);
    expect(open.headers.link).toBe('</api/v1/invites?filter=appointments&status=open&limit=1&offset=1>; rel="next"');
    const second = (await get('/api/v1/invites?filter=appointments&status=open&limit=1&offset=1', 'bob').expect(200)).body as InvitesResponse;
    expect(second.invites.map((i) => i.appointment.id)).toEqual(['single']);
    expect(second.next).toBeNull();
    const expired = (await get('/api/v1/invites?status=expired', 'bob').expect(200)).body as InvitesResponse;
    expect(expired.invites.map((i) => [i.appointment.id, i.status])).toEqual([['past', 'expired']]);
    const upcoming = (await get('/api/v1/invites?status=upcoming', 'carol').expect(200)).body as InvitesResponse;
    expect(upcoming.invites.map((i) => i.id)).toEqual(['series.carol']);
    expect(upcoming.open_count).toBe(0);

    head = await h.append(appointmentStream('single'), 'AppointmentCanceled', { appointment_id: 'single', occurrence_start: null }, 'alice');
    const obsolete = (await get('/api/v1/invites?status=obsolete', 'bob').expect(200)).body as InvitesResponse;
    expect(obsolete.invites.map((i) => [i.appointment.id, i.status, i.appointment.status])).toEqual([['single', 'obsolete', 'canceled']]);
    expect(obsolete.open_count).toBe(1);
    const participations = await get('/api/v1/participations?status=accepted', 'carol').expect(200);
    expect((participations.body as { participations: Array<{ appointment: AppointmentDto; status: string }> }).participations.map((p) => [p.appointment.id, p.status])).toEqual([['series', 'accepted']]);
    await get('/api/v1/invites?status=nope', 'bob').expect(400);
  });

  it('lets only those who may download attendees export them as CSV and XLSX', async () => {
    const forbidden = await get('/appointments/series/attendees.csv', 'bob').expect(403);
    expect(forbidden.body).toMatchObject({ error: 'forbidden' });
    const csv = await get('/appointments/series/attendees.csv', 'alice').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="Team meeting-attendees.csv"/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name,first_name,last_name,email,status,roles,external,invited_at,answered_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
      'Carol Clark,Carol,Clark,carol@example.org,accepted',
      'Bob Baker,Bob,Baker,bob@example.org,invited',
    ]);
    const xlsx = await get('/appointments/series/attendees.xlsx', 'alice')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    // read back by ExcelJS: the same header and rows as the CSV
    const sheets = await readWorkbook(xlsx.body as Buffer);
    expect(sheets.size).toBe(1);
    const [sheet = []] = [...sheets.values()];
    expect(sheet[0]).toEqual(['name', 'first_name', 'last_name', 'email', 'status', 'roles', 'external', 'invited_at', 'answered_at']);
    expect(sheet.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['Carol Clark', 'Carol', 'Clark', 'carol@example.org', 'accepted'],
      ['Bob Baker', 'Bob', 'Baker', 'bob@example.org', 'invited'],
    ]);
    expect(sheet.slice(1).map((row) => row[6])).toEqual([false, false]);
    await get('/appointments/series/attendees.xlsx', 'bob').expect(403);
    await get('/appointments/series/other.csv', 'alice').expect(404);
  });

  it('downloads the series as iCalendar with its recurrence and the modified occurrence', async () => {
    const res = await get('/appointments/series.ics', 'bob').expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('RRULE:FREQ=WEEKLY\r\n');
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}\r\n/);
    expect(text).toMatch(/RECURRENCE-ID;TZID=Europe\/Berlin:\d{8}T\d{6}\r\n/);
    expect(text).toContain('SUMMARY:Special rehearsal');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // read back by ical.js: the series from tomorrow 09:00Z weekly without end, and its moved occurrence
    const read = await readCalendar(text);
    expect(read.timezones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    const [series, override] = read.events;
    if (!series || !override) throw new Error('the series and its override expected');
    expect(series.summary).toBe('Team meeting');
    expect(series.uid).toMatch(/^series@/);
    expect(dateOf(read, series, 'dtstart')).toMatchObject({ tzid: 'Europe/Berlin', utc: seriesStart.toISOString() });
    expect(dateOf(read, series, 'dtend')).toMatchObject({ tzid: 'Europe/Berlin', utc: seriesEnd.toISOString() });
    const rrule = series.component.getFirstPropertyValue('rrule');
    expect(rrule instanceof read.ICAL.Recur ? [rrule.freq, rrule.until, rrule.count] : null).toEqual(['WEEKLY', null, null]);
    expect(override.uid).toBe(series.uid);
    expect(override.summary).toBe('Special rehearsal');
    const replaced = dateOf(read, override, 'recurrence-id');
    expect(replaced.tzid).toBe('Europe/Berlin');
    // the override replaces one occurrence of the series (one in next month's second week), moved two hours later
    const occurrences = occurrencesOf(series, 12);
    expect(occurrences[0]?.occurrence).toBe(seriesStart.toISOString());
    const movedStart = dateOf(read, override, 'dtstart').utc;
    expect(movedStart).toBe(new Date(Date.parse(replaced.utc ?? '') + 2 * 3_600_000).toISOString());
    expect(occurrences.filter(({ occurrence, start }) => occurrence !== start)).toEqual([{ occurrence: replaced.utc, start: movedStart }]);
    await get('/appointments/hidden.ics', 'bob').expect(403);
  });

  it('serves webcal feeds by token and tells where to get one', async () => {
    const feed = await request(h.server).get('/calendars/feeds/all.ics?token=bob-secret').expect(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain('UID:series@');
    expect(feed.text).not.toContain('Dentist');
    await request(h.server).get('/calendars/feeds/all.ics?token=wrong').expect(401);
    await request(h.server).get('/calendars/feeds/all.ics').expect(401);
    await request(h.server).get('/calendars/feeds/everything.ics?token=bob-secret').expect(404);
    const participating = await request(h.server).get('/calendars/feeds/participating.ics?token=bob-secret').expect(200);
    expect(participating.text).toContain('UID:series@');
    const personal = await request(h.server).get('/calendars/feeds/personal.ics?token=bob-secret').expect(200);
    expect(personal.text).not.toContain('BEGIN:VEVENT');

    const withToken = await get('/calendars/subscribe', 'bob').expect(200);
    expect(withToken.body).toMatchObject({ edit_url: '/users/edit', feeds: expect.arrayContaining([expect.objectContaining({ collection: 'network', path: '/calendars/feeds/network.ics' })]) });
    const without = await get('/calendars/subscribe', 'carol').expect(200);
    expect(without.body).toEqual({ token: null, edit_url: '/users/edit' });
    head = await h.append(memberStream('bob'), 'MemberCalendarTokenRevoked', { member_id: 'bob' }, 'bob');
    await get('/calendars', 'bob').expect(200);
    await request(h.server).get('/calendars/feeds/all.ics?token=bob-secret').expect(401);
  });

  it('answers calendars as each member sees them, group calendars and the group', async () => {
    const bob = (await get('/calendars', 'bob').expect(200)).body as CalendarsResponse;
    expect(bob.calendars.map((c) => [c.id, c.type, c.can])).toEqual([['network-cal', 'network', { update: false, destroy: false, create_appointments: true }]]);
    const admin = (await get('/calendars', 'admin').expect(200)).body as CalendarsResponse;
    expect(admin.calendars.map((c) => c.id).sort()).toEqual(['alice-cal', 'choir-cal', 'network-cal']);
    head = await h.append(calendarStream('alice-cal'), 'CalendarShared', { calendar_id: 'alice-cal', member_ids: ['bob'] }, 'alice');
    const shared = (await get('/calendars/alice-cal', 'bob').expect(200)).body as CalendarsResponse['calendars'][number];
    expect(shared).toMatchObject({ type: 'shared', author: { id: 'alice', name: 'Alice Author' }, can: { update: false } });
    await get('/calendars/alice-cal', 'carol').expect(403);
    await get('/calendars/nope', 'carol').expect(404);
    const choir = (await get('/groups/choir/calendars', 'carol').expect(200)).body as CalendarsResponse;
    expect(choir.calendars.map((c) => [c.id, c.can.update])).toEqual([['choir-cal', true]]);
    expect(((await get('/groups/choir/calendars', 'bob').expect(200)).body as CalendarsResponse).calendars).toEqual([]);
    const group = await get('/groups/choir', 'carol').expect(200);
    expect(group.body).toMatchObject({ slug: 'choir', name: 'Choir', can: { leave: true, create_appointments: true, create_calendars: true } });
    await get('/groups/unknown', 'carol').expect(404);
    await get('/groups/choir').expect(401);
  });
});
