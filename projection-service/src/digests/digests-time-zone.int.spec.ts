import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityStream, DEFAULT_MEMBERSHIP_SETTINGS, DEFAULT_NETWORK_ID, DEFAULT_NETWORK_SETTINGS, groupStream, membershipSettingsStream, networkStream } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { digestSlotId } from './digest-slots';

interface SentMail {
  to: string[];
  subject: string;
}

// Monday 30 November 2026: 07:00 in New York is 12:00 UTC (in Berlin it was 06:00 UTC)
const NEW_YORK_MORNING = '2026-11-30T12:00:00.000Z';

const clockAt = (at: string): (() => Date) => {
  const offset = Date.parse(at) - Date.now();
  return () => new Date(Date.now() + offset);
};

describe("digests go out at am in the network's time zone", () => {
  jest.setTimeout(30_000);
  let dir: string;
  let h: Harness | null = null;
  const digestsTo = (member: string): SentMail[] =>
    existsSync(join(dir, 'outbox'))
      ? readdirSync(join(dir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
          .filter((mail) => mail.to.includes(`${member}@example.org`) && /(Zusammenfassung|Your digest)$/.test(mail.subject))
      : [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cn-digest-zone-'));
  });
  afterEach(async () => {
    await h?.close();
    h = null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a member of a network in America/New_York gets the weekly am digest at 07:00 New York time, not at 07:00 Berlin', async () => {
    // set up at 05:00 New York (10:00 UTC: Berlin's 07:00 has passed, New York's has not)
    const setup = await (async () => {
      h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt('2026-11-30T10:00:00.000Z') });
      return h;
    })();
    await setup.append(
      networkStream(DEFAULT_NETWORK_ID),
      'NetworkBasicSettingsChanged',
      { network_id: DEFAULT_NETWORK_ID, basic: { ...DEFAULT_NETWORK_SETTINGS.basic, time_zone: 'America/New_York' }, changed_fields: ['time_zone'] },
      'ada',
    );
    await setup.register('ada', 'Ada', 'Member');
    await setup.register('bob', 'Bob', 'Member');
    await setup.append(groupStream('g'), 'GroupCreated', { group_id: 'g', slug: 'g', name: 'Group G', group_category_id: null, access: 'open' }, 'ada');
    await setup.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: 'ada', admin: true }, 'ada');
    await setup.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: 'bob', admin: false }, 'bob');
    await setup.append(activityStream('p1'), 'ActivityPosted', { activity_id: 'p1', group_id: 'g', author_id: 'ada', html_content: '<p>Morning coffee</p>', attachments: [] }, 'ada');
    await setup.service.runtime.readModels.waitFor(await setup.infra.eventStore.headPosition(), 5000);
    await setup.close();
    expect(digestsTo('bob')).toEqual([]);

    // a second before New York's morning the service starts again: the digest goes out at 12:00 UTC
    const harness = await (async () => {
      h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(new Date(Date.parse(NEW_YORK_MORNING) - 1000).toISOString()) });
      return h;
    })();
    await eventually(() => digestsTo('bob').length === 1, 10_000);
    const recorded = await eventually(async () => {
      const events = (await harness.infra.eventStore.readStream(membershipSettingsStream('bob'))).filter((event) => event.type === 'DigestSent');
      return events.length === 1 && events;
    });
    expect((recorded[0].data as { slot: string }).slot).toBe(digestSlotId('email_digests', NEW_YORK_MORNING));
  });

  it("a member in America/New_York gets the Monday am digest at 12:00 UTC while a member in the network's Berlin gets it at 06:00 UTC", async () => {
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'cn-digest-member-zone-'));
    // Monday 30 November 2026 (winter time): 07:00 Berlin is 06:00 UTC, 07:00 New York is 12:00 UTC
    const BERLIN_MORNING = '2026-11-30T06:00:00.000Z';
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt('2026-11-30T05:00:00.000Z') });
    const setup = h;
    await setup.register('ada', 'Ada', 'Member');
    await setup.register('bob', 'Bob', 'Member');
    await setup.register('cleo', 'Cleo', 'Member');
    await setup.append(membershipSettingsStream('bob'), 'MembershipSettingsChanged', { member_id: 'bob', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, time_zone: 'America/New_York' } }, 'bob');
    await setup.append(groupStream('g'), 'GroupCreated', { group_id: 'g', slug: 'g', name: 'Group G', group_category_id: null, access: 'open' }, 'ada');
    for (const [member, admin] of [['ada', true], ['bob', false], ['cleo', false]] as const) {
      await setup.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: member, admin }, member);
    }
    await setup.append(activityStream('p1'), 'ActivityPosted', { activity_id: 'p1', group_id: 'g', author_id: 'ada', html_content: '<p>Morning coffee</p>', attachments: [] }, 'ada');
    await setup.service.runtime.readModels.waitFor(await setup.infra.eventStore.headPosition(), 5000);
    await setup.close();
    h = null;

    // just before Berlin's morning: Cleo (the network's zone) gets hers, Bob (New York) nothing yet
    const berlin = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(new Date(Date.parse(BERLIN_MORNING) - 1000).toISOString()) });
    h = berlin;
    await eventually(() => digestsTo('cleo').length === 1, 10_000);
    const cleos = await eventually(async () => {
      const events = (await berlin.infra.eventStore.readStream(membershipSettingsStream('cleo'))).filter((event) => event.type === 'DigestSent');
      return events.length === 1 && events;
    });
    expect((cleos[0].data as { slot: string }).slot).toBe(digestSlotId('email_digests', BERLIN_MORNING));
    expect(digestsTo('bob')).toEqual([]);
    expect((await berlin.infra.eventStore.readStream(membershipSettingsStream('bob'))).filter((event) => event.type === 'DigestSent')).toEqual([]);
    await berlin.close();
    h = null;

    // just before New York's morning: Bob's goes out at 12:00 UTC, Cleo gets no second one
    const newYork = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(new Date(Date.parse(NEW_YORK_MORNING) - 1000).toISOString()) });
    h = newYork;
    await eventually(() => digestsTo('bob').length === 1, 10_000);
    const bobs = await eventually(async () => {
      const events = (await newYork.infra.eventStore.readStream(membershipSettingsStream('bob'))).filter((event) => event.type === 'DigestSent');
      return events.length === 1 && events;
    });
    expect((bobs[0].data as { slot: string }).slot).toBe(digestSlotId('email_digests', NEW_YORK_MORNING));
    expect(digestsTo('cleo')).toHaveLength(1);
  });
});
