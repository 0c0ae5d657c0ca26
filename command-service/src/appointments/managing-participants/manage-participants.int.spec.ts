import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appointmentStream } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { DEMO_TEXTS } from '../../seed/demo-texts';

type Session = { memberId: string; headers: Record<string, string> };

/** Participants through groups and membership roles of the demo seed, and organizers changing statuses. */
describe('POST /appointments/{id}/participants', () => {
  let service: TestService;
  let admin: Session;
  let member: Session;
  let auditor: Session;
  let guest: Session;
  let ids: { gardening: string; role: string; network: string; gardeningCalendar: string };
  beforeAll(async () => {
    service = await startTestService();
    [admin, member, auditor, guest] = await Promise.all(
      ['admin@example.org', 'member@example.org', 'auditor@example.org', 'guest@example.org'].map((email) => service.signIn(email)),
    );
    const all = await service.infra.eventStore.readAll();
    const find = (type: string, match: (data: Record<string, unknown>) => boolean) => {
      const event = all.find((candidate) => candidate.type === type && match(candidate.data as Record<string, unknown>));
      if (!event) throw new Error(`no seeded ${type}`);
      return event.data as Record<string, string>;
    };
    ids = {
      gardening: find('GroupCreated', (data) => data.slug === 'gardening').group_id,
      role: find('MembershipRoleCreated', (data) => data.name === DEMO_TEXTS.de.role.name).role_id,
      network: find('CalendarCreated', (data) => data.type === 'network').calendar_id,
      gardeningCalendar: find('CalendarCreated', (data) => data.type === 'group').calendar_id,
    };
  });
  afterAll(() => service.close());

  const create = async (as: Session, calendarId: string): Promise<string> => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000);
    const res = await service.http
      .post('/appointments')
      .set(as.headers)
      .send({ appointment: { name: 'Group meeting', calendar_ids: [calendarId], date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() } } })
      .expect(201);
    return res.body.id as string;
  };
  const invited = async (id: string) =>
    (await service.infra.eventStore.readStream(appointmentStream(id)))
      .filter((event) => event.type === 'ParticipantsInvited')
      .flatMap((event) => (event.data as { participants: Array<{ member_id: string }> }).participants.map((participant) => participant.member_id));

  it('expands groups and membership roles into their members, each once', async () => {
    const id = await create(admin, ids.network);
    await service.http
      .post(`/appointments/${id}/participants`)
      .set(admin.headers)
      .send({ participant: { group_ids: [ids.gardening], membership_role_ids: [ids.role], membership_ids: [member.memberId] } })
      .expect(200);
    expect((await invited(id)).sort()).toEqual([admin.memberId, member.memberId, guest.memberId, auditor.memberId].sort());
  });

  it('mails the newly invited members only when the organizer asks for it', async () => {
    const outbox = join(service.infra.config.dataDir, 'outbox');
    const invitationsTo = async (name: string): Promise<string[]> => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      const mails = await Promise.all(
        files.filter((file) => file.endsWith('.json')).map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8')) as { to: string[]; subject: string; text: string }),
      );
      return mails.filter((mail) => mail.subject.endsWith(name)).flatMap((mail) => mail.to);
    };
    const quiet = await create(admin, ids.network);
    await service.http.post(`/appointments/${quiet}/participants`).set(admin.headers).send({ participant: { membership_ids: [member.memberId] } }).expect(200);
    expect(await invitationsTo('Group meeting')).toEqual([]);

    const announced = await create(admin, ids.network);
    await service.http
      .post(`/appointments/${announced}/participants`)
      .set(admin.headers)
      .send({ participant: { membership_ids: [member.memberId, auditor.memberId], send_email_notification: true } })
      .expect(200);
    expect((await invitationsTo('Group meeting')).sort()).toEqual(['auditor@example.org', 'member@example.org']);
  });

  it('answers 400 for unknown members, groups and roles, appending nothing', async () => {
    const id = await create(admin, ids.network);
    const head = await service.infra.eventStore.headPosition();
    const res = await service.http
      .post(`/appointments/${id}/participants`)
      .set(admin.headers)
      .send({ participant: { membership_ids: ['nobody'], group_ids: ['nogroup'], membership_role_ids: ['norole'] } })
      .expect(400);
    expect(res.body.errors).toEqual([
      { field: 'participant.membership_ids.0', key: 'unknown_member' },
      { field: 'participant.group_ids.0', key: 'unknown_group' },
      { field: 'participant.membership_role_ids.0', key: 'unknown_role' },
    ]);
    const empty = await service.http.post(`/appointments/${id}/participants`).set(admin.headers).send({ participant: {} }).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'participant.membership_ids', key: 'selection_required' }]);
    expect(await service.infra.eventStore.headPosition()).toBe(head);
  });

  it("lets group members create in their group's calendar and the group admin manage it", async () => {
    // guest belongs to the gardening group, the member administrates it
    const id = await create(guest, ids.gardeningCalendar);
    await service.http.post(`/appointments/${id}/participants`).set(member.headers).send({ participant: { membership_ids: [auditor.memberId] } }).expect(200);
    await service.http.put(`/appointments/${id}/participants/${auditor.memberId}`).set(member.headers).send({ participant: { status: 'rejected' } }).expect(200);
    await service.http.delete(`/appointments/${id}/participants/${auditor.memberId}`).set(auditor.headers).expect(403);
    await service.http.delete(`/appointments/${id}/participants/${auditor.memberId}`).set(member.headers).expect(200);
    await service.http.post('/appointments').set(auditor.headers).send({ appointment: { name: 'x', calendar_ids: [ids.gardeningCalendar], date: { start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' } } }).expect(403);
  });
});
