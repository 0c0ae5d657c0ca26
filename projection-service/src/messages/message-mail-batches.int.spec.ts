import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MEMBERSHIP_SETTINGS, DEFAULT_NETWORK_SETTINGS, memberStream, membershipSettingsStream, messageStream, networkStream } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { sendMessage } from '../__tests__/messages';
import { startHarness, type Harness } from '../__tests__/harness';
import { outboxMails, type SentMail, clockFrom } from '../__tests__/outbox';
import { MESSAGE_MAIL_BATCHES_COLLECTION, MESSAGE_MAIL_WINDOW_MS, MESSAGE_MAILS } from './message-mails';
import { MessageMails } from './messages.module';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const MINUTE = 60_000;

describe('direct message mails are batched per recipient within a window (durable across restarts)', () => {
  jest.setTimeout(60_000);
  let dir: string;
  let h: Harness;
  const mails = (): SentMail[] => outboxMails(dir);
  const mailsTo = (member: string): SentMail[] => mails().filter((mail) => mail.to.includes(`${member}@example.org`));
  const mailer = () => h.app.get(MessageMails, { strict: false }).mailer;
  /** the reactor dealt with everything appended so far, and no window's timer is running */
  const settled = async (): Promise<void> => {
    expect(await mailer().waitFor(await h.infra.eventStore.headPosition(), 10_000)).toBe(true);
    await mailer().batches.idle();
  };
  const restartAt = async (at: number): Promise<void> => {
    await h.close();
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockFrom(at) });
  };
  const send = (id: string, author: string, recipients: string[], subject: string, content: string): Promise<number> =>
    sendMessage(h, { id, author, recipients, subject, content });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-message-batches-'));
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockFrom(T0) });
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['dan', 'Dan'],
    ] as const)
      await h.register(id, first, 'Member');
    await h.register('adm', 'Adm', 'Member', { network_admin: true });
    await h.append(networkStream('default'), 'NetworkMailSettingsChanged', { network_id: 'default', mail: { ...DEFAULT_NETWORK_SETTINGS.mail, notifications_send_direct_message_body: true }, changed_fields: ['notifications_send_direct_message_body'] }, 'adm');
    await settled();
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails the first message at once, holds the next ones of the window and mails them together in one mail after a restart past its end', async () => {
    await send('b1', 'ada', ['bob', 'dan'], 'Harvest', 'Bring a basket');
    await eventually(() => mailsTo('bob').length === 1 && mailsTo('dan').length === 1);
    expect(mailsTo('bob')[0]?.subject).toMatch(/(Neue Nachricht von|New message from) Ada Member$/);

    // within the window: nothing goes out yet
    await send('b2', 'ada', ['bob'], 'Tools', 'And a spade');
    await send('b3', 'cat', ['bob', 'dan'], 'Lunch', 'Soup at noon');
    await send('b4', 'cat', ['bob'], 'Oops', 'Wrong person');
    // Bob deletes b4 before the window ends, Dan opts out of message mails: neither is mailed later
    await h.append(messageStream('b4'), 'MessageDeleted', { message_id: 'b4', member_id: 'bob' }, 'bob');
    await h.append(membershipSettingsStream('dan'), 'MembershipSettingsChanged', { member_id: 'dan', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_notifications: ['mentions'] } }, 'dan');
    await settled();
    expect(mails()).toHaveLength(2);
    expect((await h.infra.documentStore.collection(MESSAGE_MAIL_BATCHES_COLLECTION).get('bob'))?.['pending']).toEqual(['b2', 'b3', 'b4']);

    // the service is down when the window ends: the durable timer fires at the next start, once
    await restartAt(T0 + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await eventually(() => mailsTo('bob').length === 2, 10_000);
    await settled();
    const batch = mailsTo('bob')[1];
    expect(batch?.subject).toMatch(/(2 neue Nachrichten|2 new messages)$/);
    for (const part of ['Tools', 'And a spade', 'Ada Member', 'Lunch', 'Soup at noon', 'Cat Member', 'https://club.example/messages/b2', 'https://club.example/messages/b3']) expect(batch?.text).toContain(part);
    expect(batch?.text).not.toContain('Wrong person');
    expect(mailsTo('dan')).toHaveLength(1);
    expect(mails()).toHaveLength(3);
  });

  it('mails nothing twice: not after another restart, nor when the reactor replays the log from the start', async () => {
    await restartAt(T0 + 3 * MESSAGE_MAIL_WINDOW_MS);
    await settled();
    await h.infra.documentStore.collection('_checkpoints').upsert({ _id: MESSAGE_MAILS, position: 0, _position: 0 });
    await restartAt(T0 + 3 * MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await settled();
    expect(mails()).toHaveLength(3);
  });

  it('a message after the window mails at once again; one held message alone goes out as the single mail', async () => {
    const at = T0 + 4 * MESSAGE_MAIL_WINDOW_MS;
    await restartAt(at);
    await send('b5', 'ada', ['bob'], 'Rain', 'Bring a coat');
    await eventually(() => mailsTo('bob').length === 3);
    expect(mailsTo('bob')[2]?.text).toContain('Bring a coat');
    await send('b6', 'ada', ['bob'], 'Sun', 'Forget the coat');
    await settled();
    expect(mailsTo('bob')).toHaveLength(3);
    // restarted before the window's end: still held; after it: the one message, as its own mail
    await restartAt(at + MINUTE);
    await settled();
    expect(mailsTo('bob')).toHaveLength(3);
    await restartAt(at + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    await eventually(() => mailsTo('bob').length === 4, 10_000);
    expect(mailsTo('bob')[3]?.subject).toMatch(/(Neue Nachricht von|New message from) Ada Member$/);
    expect(mailsTo('bob')[3]?.text).toContain('Forget the coat');
  });

  it('a locked member gets nothing of the batch held for them', async () => {
    const at = T0 + 6 * MESSAGE_MAIL_WINDOW_MS;
    await restartAt(at);
    const before = mailsTo('cat').length;
    await send('b7', 'ada', ['cat'], 'One', 'first');
    await eventually(() => mailsTo('cat').length === before + 1);
    await send('b8', 'ada', ['cat'], 'Two', 'second');
    await send('b9', 'bob', ['cat'], 'Three', 'third');
    await h.append(memberStream('cat'), 'MemberLocked', { member_id: 'cat' }, 'adm');
    await settled();
    await restartAt(at + MESSAGE_MAIL_WINDOW_MS + MINUTE);
    // the window's timer ran and found nothing it may mail
    await eventually(async () => (await h.infra.documentStore.collection(MESSAGE_MAIL_BATCHES_COLLECTION).get('cat')) === null, 10_000);
    await settled();
    expect(mailsTo('cat')).toHaveLength(before + 1);
  });
});
