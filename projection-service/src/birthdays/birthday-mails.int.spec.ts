import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_NETWORK_ID, DEFAULT_NETWORK_SETTINGS, memberStream, networkStream } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { BirthdaySending } from './birthdays.module';

interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

// Tuesday 1 December 2026: 08:00 in Berlin is 07:00 UTC
const BERLIN_EIGHT = Date.parse('2026-12-01T07:00:00.000Z');
const clockAt = (at: number): (() => Date) => {
  const offset = at - Date.now();
  return () => new Date(Date.now() + offset);
};

describe("birthday mails at 08:00 in the network's zone", () => {
  jest.setTimeout(30_000);
  let dir: string;
  let h: Harness | null = null;
  const mails = (): SentMail[] =>
    existsSync(join(dir, 'outbox'))
      ? readdirSync(join(dir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
      : [];
  const start = async (at: number): Promise<Harness> => {
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(at) });
    return h;
  };
  const born = async (harness: Harness, id: string, first: string, birthday: string) => {
    await harness.register(id, first, 'Member');
    return harness.append(
      memberStream(id),
      'MemberProfileChanged',
      {
        member_id: id,
        first_name: await harness.infra.cipher.encrypt(id, first),
        last_name: await harness.infra.cipher.encrypt(id, 'Member'),
        birthday: await harness.infra.cipher.encrypt(id, birthday),
        show_age: false,
        changed_fields: ['birthday'],
      },
      id,
    );
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cn-birthdays-'));
  });
  afterEach(async () => {
    await h?.close();
    h = null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mails each member whose birthday it is, once, with the settings’ subject and text; never a locked member', async () => {
    const setup = await start(BERLIN_EIGHT - 3_600_000);
    await setup.append(
      networkStream(DEFAULT_NETWORK_ID),
      'NetworkMailSettingsChanged',
      {
        network_id: DEFAULT_NETWORK_ID,
        mail: { ...DEFAULT_NETWORK_SETTINGS.mail, birthday_emails: { enabled: true, subject: 'Happy birthday, {{name}}', text: 'All the best from {{network}}, {{name}}!', image: null } },
        changed_fields: ['birthday_emails'],
      },
      'ada',
    );
    await born(setup, 'ada', 'Ada', '1990-12-01');
    await born(setup, 'bob', 'Bob', '1985-12-02');
    await born(setup, 'cat', 'Cat', '2000-12-01');
    await setup.append(memberStream('cat'), 'MemberLocked', { member_id: 'cat' }, 'ada');
    await setup.register('dan', 'Dan', 'Member');
    await setup.service.runtime.readModels.waitFor(await setup.infra.eventStore.headPosition(), 5000);
    await setup.close();
    expect(mails()).toEqual([]);

    // a second before 08:00 Berlin the service starts again: the day's mails go out then
    await start(BERLIN_EIGHT - 1000);
    await eventually(() => mails().length === 1, 10_000);
    expect(mails()[0]).toMatchObject({ to: ['ada@example.org'], subject: 'Happy birthday, Ada Member' });
    expect(mails()[0].text).toMatch(/^All the best from .+, Ada Member!$/);
    await h?.close();
    h = null;

    // later the same day a restart sends nothing again, and the timer goes on to tomorrow
    const later = await start(BERLIN_EIGHT + 3_600_000);
    await later.app.get(BirthdaySending, { strict: false }).mails.scheduler.idle();
    const timer = await later.infra.documentStore.collection<{ _id: string; due_at?: string; payload?: { day: string } }>('_scheduled_birthdays').get('birthdays');
    expect(timer?.payload?.day).toBe('2026-12-02');
    expect(mails()).toHaveLength(1);
  });
});
