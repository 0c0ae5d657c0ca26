import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityStream, appointmentFieldsSchema, appointmentStream, calendarStream, DEFAULT_MEMBERSHIP_SETTINGS, groupStream, memberStream, membershipSettingsStream } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { runDigestSlot } from './digest-run';
import { DIGEST_TIMERS_COLLECTION, digestTimerKey } from './digest-schedule';
import { digestSlotId } from './digest-slots';

interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

// the network's default: weekly digests on Mondays at am (07:00 in Berlin, 06:00 UTC in November)
const FIRST_SLOT = '2026-11-23T06:00:00.000Z';
const SECOND_SLOT = '2026-11-30T06:00:00.000Z';

/** a clock that runs, shifted so that it now reads `at` */
const clockAt = (at: string): (() => Date) => {
  const offset = Date.parse(at) - Date.now();
  return () => new Date(Date.now() + offset);
};

describe('timed digests through the durable scheduler (fake clock, restarts)', () => {
  jest.setTimeout(30_000);
  let dir: string;
  let h: Harness | null = null;
  const mails = (): SentMail[] =>
    existsSync(join(dir, 'outbox'))
      ? readdirSync(join(dir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
      : [];
  /** the digests a member got (single notification mails, an appointment invite here, go out beside them) */
  const mailsTo = (member: string): SentMail[] => mails().filter((mail) => mail.to.includes(`${member}@example.org`) && /(Zusammenfassung|Your digest|Was heute neu ist|Today's news)$/.test(mail.subject));
  const digestEvents = async (store: EventStore, member: string) =>
    (await store.readStream(membershipSettingsStream(member))).filter((event) => event.type === 'DigestSent').map((event) => event.data as { slot: string; up_to_position: number; activities: number });
  const start = async (at: string): Promise<Harness> => {
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(at) });
    return h;
  };
  const post = (harness: Harness, id: string, groupId: string | null, text: string) =>
    harness.append(activityStream(id), 'ActivityPosted', { activity_id: id, group_id: groupId, author_id: 'ada', html_content: `<p>${text}</p>`, attachments: [] }, 'ada');

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cn-digests-'));
  });
  afterEach(async () => {
    await h?.close();
    h = null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sends a slot's digests when it comes due: what each member may see, nothing for those with nothing new, off, or locked", async () => {
    // the history is written half an hour before the slot; the service then restarts a second before it
    const setup = await start(new Date(Date.parse(FIRST_SLOT) - 1_800_000).toISOString());
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['dan', 'Dan'],
    ] as const)
      await setup.register(id, first, 'Member');
    for (const [id, access] of [
      ['g', 'open'],
      ['h', 'hidden'],
    ] as const) {
      await setup.append(groupStream(id), 'GroupCreated', { group_id: id, slug: id, name: `Group ${id.toUpperCase()}`, group_category_id: null, access }, 'ada');
      await setup.append(groupStream(id), 'MemberJoinedGroup', { group_id: id, member_id: 'ada', admin: true }, 'ada');
    }
    for (const member of ['bob', 'cat', 'dan']) await setup.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: member, admin: false }, member);
    await setup.append(
      membershipSettingsStream('cat'),
      'MembershipSettingsChanged',
      { member_id: 'cat', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_digests: { ...DEFAULT_MEMBERSHIP_SETTINGS.email_digests, enabled: false } } },
      'cat',
    );
    await setup.append(memberStream('dan'), 'MemberLocked', { member_id: 'dan' }, 'ada');
    await post(setup, 'p1', 'g', 'Harvest festival on Saturday');
    await post(setup, 'p2', null, 'Welcome to the new season');
    const head = await post(setup, 'p3', 'h', 'Secret board matter');
    // an appointment two days after the slot Bob is invited to: his digest tells it among his next ones
    await setup.append(calendarStream('net'), 'CalendarCreated', { calendar_id: 'net', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'ada' }, 'ada');
    const startsAt = new Date(Date.parse(FIRST_SLOT) + 2 * 86_400_000);
    const appointment = appointmentFieldsSchema.parse({ name: 'Pruning workshop', description: '', calendar_ids: ['net'], date: { start: startsAt.toISOString(), end: new Date(startsAt.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' } });
    await setup.append(appointmentStream('w1'), 'AppointmentCreated', { appointment_id: 'w1', author_id: 'ada', appointment }, 'ada');
    await setup.append(
      appointmentStream('w1'),
      'ParticipantsInvited',
      { appointment_id: 'w1', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'ada' },
      'ada',
    );

    await setup.service.runtime.readModels.waitFor(await setup.infra.eventStore.headPosition(), 5000);
    expect(mails().filter((mail) => /Zusammenfassung|Your digest/.test(mail.subject))).toEqual([]);
    await setup.close();
    const harness = await start(new Date(Date.parse(FIRST_SLOT) - 1000).toISOString());
    await eventually(() => mailsTo('bob').length === 1, 10_000);
    const [bob] = mailsTo('bob');
    expect(bob.subject).toMatch(/: (Deine Zusammenfassung|Your digest)$/);
    expect(bob.text).toContain('Harvest festival on Saturday');
    expect(bob.text).toContain('Welcome to the new season');
    expect(bob.text).not.toContain('Secret board matter');
    expect(bob.text).toContain('https://club.example/activities/p1');
    expect(bob.text).toMatch(/(Deine nächsten Termine|Your next appointments):\n- .*: Pruning workshop\n  https:\/\/club.example\/appointments\/w1/);
    const recorded = await eventually(async () => {
      const events = await digestEvents(harness.infra.eventStore, 'bob');
      return events.length === 1 && events;
    });
    expect(recorded[0]).toMatchObject({ slot: digestSlotId('email_digests', FIRST_SLOT), activities: 3, notifications: 1, appointments: 1 });
    expect(recorded[0].up_to_position).toBeGreaterThanOrEqual(head);
    // the author has nothing new (her own posts; others joining a group is no news): no mail, no event
    expect(mailsTo('ada')).toEqual([]);
    expect(await digestEvents(harness.infra.eventStore, 'ada')).toEqual([]);
    // Cat switched digests off, Dan is locked
    expect(mailsTo('cat')).toEqual([]);
    expect(mailsTo('dan')).toEqual([]);

    // what is posted after the slot waits for the next one (written while the service still runs, then it stops)
    await post(harness, 'p4', 'g', 'Who brings the cake?');
    await harness.service.runtime.readModels.waitFor(await harness.infra.eventStore.headPosition(), 5000);
    const timer = await harness.infra.documentStore.collection(DIGEST_TIMERS_COLLECTION).get(digestTimerKey('email_digests'));
    expect(timer?.payload).toEqual({ kind: 'email_digests', from: FIRST_SLOT });
  });

  it('a slot that comes due while the service is down is sent once after the restart, with only what is new', async () => {
    const harness = await start(new Date(Date.parse(SECOND_SLOT) + 60_000).toISOString());
    await eventually(() => mailsTo('bob').length === 2, 10_000);
    const second = mailsTo('bob')[1];
    expect(second.text).toContain('Who brings the cake?');
    expect(second.text).not.toContain('Harvest festival');
    await eventually(async () => (await digestEvents(harness.infra.eventStore, 'bob')).length === 2);
    expect((await digestEvents(harness.infra.eventStore, 'bob'))[1].slot).toBe(digestSlotId('email_digests', SECOND_SLOT));
    // nothing new for the author (the one post since is her own): no mail, no event for this slot
    expect((await digestEvents(harness.infra.eventStore, 'ada')).map((event) => event.slot)).not.toContain(digestSlotId('email_digests', SECOND_SLOT));
    expect(mailsTo('ada')).toEqual([]);
  });

  it('a further restart repeats nothing', async () => {
    const harness = await start(new Date(Date.parse(SECOND_SLOT) + 120_000).toISOString());
    await harness.service.runtime.readModels.waitFor(await harness.infra.eventStore.headPosition(), 5000);
    const timer = await harness.infra.documentStore.collection(DIGEST_TIMERS_COLLECTION).get(digestTimerKey('email_digests'));
    expect(timer?.payload).toEqual({ kind: 'email_digests', from: SECOND_SLOT });
    // nothing fires: wait a while to be sure a repeat would have shown
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('bob')).toHaveLength(2);
    expect(await digestEvents(harness.infra.eventStore, 'bob')).toHaveLength(2);
  });

  it('a crash between the mail and its event neither loses the event nor sends the mail twice', async () => {
    const harness = await start(SECOND_SLOT);
    await harness.append(
      membershipSettingsStream('bob'),
      'MembershipSettingsChanged',
      { member_id: 'bob', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_daily_digests: { enabled: true, switch: 'all', group_ids: [], include_network_level: true } } },
      'bob',
    );
    await post(harness, 'p5', 'g', 'Daily news');
    const store = harness.infra.eventStore;
    let failures = 1;
    const crashing: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new Error('the process died before the event was written'));
        }
        return store.append(...args);
      },
    });
    const slot = { kind: 'email_daily_digests' as const, at: '2026-12-01T06:00:00.000Z', id: digestSlotId('email_daily_digests', '2026-12-01T06:00:00.000Z') };
    const deps = {
      store: harness.infra.documentStore,
      eventStore: crashing,
      mail: harness.infra.mail,
      clock: harness.infra.clock,
      baseUrl: 'https://club.example',
      readModelsAt: (position: number) => harness.service.runtime.readModels.waitFor(position, 5000),
    };
    const before = mailsTo('bob').length;
    await expect(runDigestSlot(deps, slot)).rejects.toThrow('the process died');
    expect(mailsTo('bob')).toHaveLength(before + 1);
    expect(mailsTo('bob')[before].text).toContain('Daily news');
    // the scheduler tries the slot again: the mail is known, the event is written now
    expect((await runDigestSlot(deps, slot)).sent).toEqual(['bob']);
    expect(mailsTo('bob')).toHaveLength(before + 1);
    expect(await digestEvents(store, 'bob')).toHaveLength(3);
    // and once recorded, the slot is done
    expect((await runDigestSlot(deps, slot)).sent).toEqual([]);
    expect(await digestEvents(store, 'bob')).toHaveLength(3);
  });
});
