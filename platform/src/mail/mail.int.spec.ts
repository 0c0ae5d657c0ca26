import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir } from '@cn/platform/testing';
import { createOutboxMail, MailRejectedError, permanentRejectionOf } from './mail';

describe('outbox mail', () => {
  it('writes one JSON file per mail, attachments in base64', async () => {
    const temp = createTempDir('cn-outbox');
    const dir = join(temp.dir, 'outbox');
    const logged: object[] = [];
    const mail = createOutboxMail({ dir, logger: { info: (obj) => logged.push(obj) } });
    await mail.send({ to: ['a@example.org'], subject: 'Hello', text: 'Hi', attachments: [{ filename: 'a.txt', content: Buffer.from('abc') }] });
    await mail.send({ to: ['b@example.org'], subject: 'Again', text: 'Hi' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    const written = files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { subject: string; attachments: unknown[] });
    expect(written.map((item) => item.subject).sort()).toEqual(['Again', 'Hello']);
    expect(written.find((item) => item.subject === 'Hello')?.attachments).toEqual([{ filename: 'a.txt', contentBase64: 'YWJj' }]);
    expect(logged).toHaveLength(2);
    temp.remove();
  });
});

describe('outbox mail rejections (the SMTP test hook)', () => {
  it('refuses a listed recipient like a mail server (responseCode 5xx), writing nothing', async () => {
    const temp = createTempDir('cn-outbox');
    const dir = join(temp.dir, 'outbox');
    const mail = createOutboxMail({ dir });
    mail.rejections.set('gone@example.org', { responseCode: 550, response: '550 5.1.1 user unknown' });
    const error: unknown = await mail.send({ to: ['Gone@example.org'], subject: 'Hello', text: 'Hi' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailRejectedError);
    expect(permanentRejectionOf(error)).toEqual({ responseCode: 550, response: '550 5.1.1 user unknown' });
    expect(permanentRejectionOf({ responseCode: 451, response: 'try later' })).toBeNull();
    expect(permanentRejectionOf(new Error('disk full'))).toBeNull();
    await mail.send({ to: ['b@example.org'], subject: 'Again', text: 'Hi' });
    expect(readdirSync(dir)).toHaveLength(1);
    temp.remove();
  });
});
