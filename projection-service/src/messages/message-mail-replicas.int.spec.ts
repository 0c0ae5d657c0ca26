import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@cn/platform/testing';
import { sendMessage } from '../__tests__/messages';
import { startHarness, type Harness } from '../__tests__/harness';
import { outboxMails, type SentMail } from '../__tests__/outbox';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import { bounceListMailOf } from '../membership-settings/bounce-list';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { createMessageMailer, MESSAGE_MAIL_BATCHES_COLLECTION, MESSAGE_MAIL_TIMERS_COLLECTION, MESSAGE_MAIL_WINDOW_MS, type MessageMailBatch } from './message-mails';
import { MessageMails } from './messages.module';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const MINUTE = 60_000;

/**
 * Two projection-service processes (each with its own store connections, bus, reactor and scheduler) on one
 * SQLite data folder, as two replicas on one store: both reactors handle every message, both schedulers hold
 * the windows' timers. A clock both share is moved on by the test, and each process then looks at the
 * stored timers again (`rescan`, what its poll does every 30 s): both fire at the same moment.
 */
describe('direct message mails with two projection-service processes on one store', () => {
  jest.setTimeout(90_000);
  let dir: string;
  let offset = T0 - Date.now();
  const clock = (): Date => new Date(Date.now() + offset);
  const moveTo = (at: number): void => {
    offset = at - Date.now();
  };
  const running: { a: Harness | null; b: Harness | null } = { a: null, b: null };
  const start = async (name: 'a' | 'b'): Promise<Harness> => {
    const harness = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock });
    running[name] = harness;
    return harness;
  };
  const stop = async (name: 'a' | 'b'): Promise<void> => {
    await running[name]?.close();
    running[name] = null;
  };
  const up = (): Harness[] => [running.a, running.b].filter((harness) => harness !== null);
  const mailerOf = (harness: Harness) => harness.app.get(MessageMails, { strict: false }).mailer;
  const mailsTo = (member: string): SentMail[] => outboxMails(dir).filter((mail) => mail.to.includes(`${member}@example.org`));
  /** every running process's reactor dealt with everything appended so far, and no timer is firing */
  const settled = async (): Promise<void> => {
    for (const harness of up()) expect(await mailerOf(harness).waitFor(await harness.infra.eventStore.headPosition(), 20_000)).toBe(true);
    for (const harness of up()) await mailerOf(harness).batches.idle();
  };
  /** the shared clock passed a window's end: every running process looks at the timers at once */
  const windowsEndAt = async (at: number): Promise<void> => {
    moveTo(at);
    await Promise.all(up().map((harness) => mailerOf(harness).batches.rescan()));
  };
  const batchOf = async (member: string): Promise<MessageMailBatch | null> => (running.a ?? running.b)!.infra.documentStore.collection<MessageMailBatch>(MESSAGE_MAIL_BATCHES_COLLECTION).get(member);
  const send = (id: string, author: string, recipients: string[], subject: string): Promise<number> => sendMessage((running.a ?? running.b)!, { id, author, recipients, subject, content: `about ${subject}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-message-replicas-'));
    const a = await start('a');
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
    ] as const)
      await a.register(id, first, 'Member');
    await start('b');
    await settled();
  });
  afterAll(async () => {
    await stop('a');
    await stop('b');
    rmSync(dir, { recursive: true, force: true });
  });

  it("both processes handle every message: the first one is mailed once, the window's messages wait once each and go out in exactly one mail", async () => {
    await send('r1', 'ada', ['bob'], 'Harvest');
    await eventually(() => mailsTo('bob').length === 1, 20_000);
    await send('r2', 'ada', ['bob'], 'Tools');
    await send('r3', 'cat', ['bob'], 'Lunch');
    await settled();
    expect(mailsTo('bob')).toHaveLength(1);
    expect((await batchOf('bob'))?.pending).toEqual(['r2', 'r3']);

    // the window ends while both run: both processes' timers fire at once, one of them sends
    await windowsEndAt(T0 + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await eventually(() => mailsTo('bob').length === 2, 20_000);
    await settled();
    expect(mailsTo('bob')).toHaveLength(2);
    expect(mailsTo('bob')[1]?.subject).toMatch(/(2 neue Nachrichten|2 new messages)$/);
    // the next window is open, with its own timer, and nothing waits in it
    expect(await batchOf('bob')).toMatchObject({ pending: [], sending: [] });
    expect(await running.a!.infra.documentStore.collection(MESSAGE_MAIL_TIMERS_COLLECTION).get('message-mails:bob')).not.toBeNull();
  });

  it('the process that opened the window is restarted mid-window: the held message still goes out once', async () => {
    const at = T0 + 10 * MESSAGE_MAIL_WINDOW_MS;
    moveTo(at);
    const before = mailsTo('cat').length;
    await send('r4', 'ada', ['cat'], 'Rain');
    await eventually(() => mailsTo('cat').length === before + 1, 20_000);
    await send('r5', 'bob', ['cat'], 'Coat');
    await settled();
    expect(mailsTo('cat')).toHaveLength(before + 1);

    // a process dies and comes back before the window's end: nothing goes out early
    await stop('a');
    moveTo(at + MINUTE);
    await start('a');
    await settled();
    expect(mailsTo('cat')).toHaveLength(before + 1);
    expect((await batchOf('cat'))?.pending).toEqual(['r5']);

    await windowsEndAt(at + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await eventually(() => mailsTo('cat').length === before + 2, 20_000);
    await settled();
    expect(mailsTo('cat')).toHaveLength(before + 2);
    expect(mailsTo('cat')[before + 1]?.text).toContain('about Coat');
  });

  it('a process down when its window ends: the other one sends the batch, and the first sends nothing again when it is back', async () => {
    const at = T0 + 20 * MESSAGE_MAIL_WINDOW_MS;
    moveTo(at);
    const before = mailsTo('ada').length;
    await send('r6', 'bob', ['ada'], 'Seeds');
    await eventually(() => mailsTo('ada').length === before + 1, 20_000);
    await send('r7', 'bob', ['ada'], 'Soil');
    await send('r8', 'cat', ['ada'], 'Water');
    await settled();

    await stop('a');
    await windowsEndAt(at + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await eventually(() => mailsTo('ada').length === before + 2, 20_000);
    await settled();
    await start('a');
    await settled();
    expect(mailsTo('ada')).toHaveLength(before + 2);
    for (const part of ['about Soil', 'about Water']) expect(mailsTo('ada')[before + 1]?.text).toContain(part);
  });

  it('a third batcher on the same connection and bus as one process, handling each message at the very same moment as it: still once each', async () => {
    const at = T0 + 30 * MESSAGE_MAIL_WINDOW_MS;
    moveTo(at);
    const a = running.a!;
    const runtime = a.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
    const twin = createMessageMailer({
      store: a.infra.documentStore,
      eventStore: a.infra.eventStore,
      bus: a.infra.bus,
      mail: bounceListMailOf(a.infra),
      cipher: a.infra.cipher,
      clock,
      baseUrl: a.infra.config.publicUrl,
      readModelsAt: (position) => runtime.gate.waitFor(position, 20_000),
      logger: a.infra.logger,
    });
    await twin.start();
    try {
      const before = mailsTo('bob').length;
      await send('r9', 'cat', ['bob'], 'Fence');
      await eventually(() => mailsTo('bob').length === before + 1, 20_000);
      await send('r10', 'cat', ['bob'], 'Gate');
      await send('r11', 'ada', ['bob'], 'Path');
      await settled();
      expect(await twin.waitFor(await a.infra.eventStore.headPosition(), 20_000)).toBe(true);
      expect(mailsTo('bob')).toHaveLength(before + 1);
      expect((await batchOf('bob'))?.pending).toEqual(['r10', 'r11']);

      moveTo(at + MESSAGE_MAIL_WINDOW_MS + MINUTE);
      await Promise.all([twin.batches.rescan(), ...up().map((harness) => mailerOf(harness).batches.rescan())]);
      await eventually(() => mailsTo('bob').length === before + 2, 20_000);
      await settled();
      await twin.batches.idle();
      expect(mailsTo('bob')).toHaveLength(before + 2);
    } finally {
      await twin.stop();
    }
  });
});
