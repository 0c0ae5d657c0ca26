import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MEMBERSHIP_SETTINGS, DEFAULT_NETWORK_SETTINGS, memberStream, membershipSettingsStream, networkStream } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { sendMessage } from '../__tests__/messages';
import { startHarness, type Harness } from '../__tests__/harness';
import { outboxMails, type SentMail } from '../__tests__/outbox';
import { MESSAGE_MAILS } from './message-mails';
import { MessageMails } from './messages.module';

describe('email for direct messages (a reactor beside the read side)', () => {
  jest.setTimeout(30_000);
  let dir: string;
  let h: Harness;
  let head = 0;
  const mails = (): SentMail[] => outboxMails(dir);
  const mailsTo = (member: string): SentMail[] => mails().filter((mail) => mail.to.includes(`${member}@example.org`));
  /** waits until the reactor has dealt with everything appended so far */
  const settled = async (): Promise<void> => {
    expect(await h.app.get(MessageMails, { strict: false }).mailer.waitFor(head, 10_000)).toBe(true);
  };
  const send = (id: string, author: string, recipients: string[], subject: string, content: string): Promise<number> =>
    sendMessage(h, { id, author, recipients, subject, content, attachments: [{ file_id: 'f1', version_id: 'v1', name: 'plan.pdf' }] });
  const mailSettings = (sendBody: boolean) =>
    h.append(networkStream('default'), 'NetworkMailSettingsChanged', { network_id: 'default', mail: { ...DEFAULT_NETWORK_SETTINGS.mail, notifications_send_direct_message_body: sendBody }, changed_fields: ['notifications_send_direct_message_body'] }, 'adm');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-message-mails-'));
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['dan', 'Dan'],
      ['eve', 'Eve'],
      ['fay', 'Fay'],
    ] as const)
      await h.register(id, first, 'Member');
    await h.register('adm', 'Adm', 'Member', { network_admin: true });
    // Cat opted out of message mails, Dan is locked, Eve ignores Ada, Fay is erased
    await h.append(membershipSettingsStream('cat'), 'MembershipSettingsChanged', { member_id: 'cat', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_notifications: ['mentions'] } }, 'cat');
    await h.append(memberStream('dan'), 'MemberLocked', { member_id: 'dan' }, 'adm');
    await h.append(memberStream('eve'), 'MemberIgnored', { member_id: 'eve', ignored_member_id: 'ada' }, 'eve');
    head = await h.append(memberStream('fay'), 'MemberErased', { member_id: 'fay' }, 'adm');
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails each recipient who wants it the message with its text (network setting on): never the author, an opted-out, locked, ignoring or erased member', async () => {
    await mailSettings(true);
    head = await send('m1', 'ada', ['bob', 'cat', 'dan', 'eve', 'fay'], 'Harvest', 'Bring a basket on Saturday');
    await eventually(() => mailsTo('bob').length === 1);
    await settled();
    const [mail] = mailsTo('bob');
    expect(mail.subject).toMatch(/(Neue Nachricht von|New message from) Ada Member$/);
    expect(mail.text).toContain('Harvest');
    expect(mail.text).toContain('Bring a basket on Saturday');
    expect(mail.text).toContain('https://club.example/messages/m1');
    expect(mail.text).not.toContain('plan.pdf');
    for (const member of ['ada', 'cat', 'dan', 'eve', 'fay']) expect(mailsTo(member)).toEqual([]);
    expect(mails()).toHaveLength(1);
  });

  it('mails only a link when the network does not send message bodies', async () => {
    await mailSettings(false);
    head = await send('m2', 'cat', ['bob', 'ada'], 'Secret plan', 'The treasure is under the oak');
    // Bob had a mail a moment ago: his waits for the end of his batching window (message-mail-batches spec)
    await eventually(() => mailsTo('ada').length === 1);
    await settled();
    expect(mailsTo('bob')).toHaveLength(1);
    for (const mail of [mailsTo('ada')[0]]) {
      expect(mail.subject).toMatch(/Cat Member$/);
      expect(mail.text).toContain('https://club.example/messages/m2');
      expect(mail.text).not.toContain('Secret plan');
      expect(mail.text).not.toContain('treasure');
    }
  });

  it('mails nothing of a message whose author is erased', async () => {
    const before = mails().length;
    head = await send('m3', 'fay', ['ada'], 'Late', 'Already gone');
    await settled();
    expect(mails()).toHaveLength(before);
  });

  it('sends each mail once, also when the reactor replays the log after a restart', async () => {
    const before = mails().length;
    expect(before).toBe(2);
    await h.close();
    // the reactor's checkpoint lost: it reads the whole log again
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    await h.infra.documentStore.collection('_checkpoints').upsert({ _id: MESSAGE_MAILS, position: 0, _position: 0 });
    await h.close();
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    await settled();
    expect(mails()).toHaveLength(before);
  });
});
