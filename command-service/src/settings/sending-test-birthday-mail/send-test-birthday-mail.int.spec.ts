import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('POST /administration/settings/send_test_birthday_email', () => {
  let service: TestService;
  let admin: { memberId: string; headers: Record<string, string> };
  const outbox = (): Array<{ to: string[]; subject: string; text: string }> => {
    const dir = join(service.infra.config.dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    } catch {
      return [];
    }
    return files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; subject: string; text: string });
  };
  const route = '/administration/settings/send_test_birthday_email';

  beforeAll(async () => {
    service = await startTestService();
    admin = await service.signIn('admin@example.org');
  });
  afterAll(() => service.close());

  it("mails the settings' birthday mail, names filled in, to the signed-in administrator at once and appends nothing", async () => {
    await service.http
      .put('/administration/settings')
      .set(admin.headers)
      .send({ basic: { name: 'Test Club' }, mail: { birthday_emails: { enabled: false, subject: 'Cheers {{name}}', text: 'Dear %{name}, {{network}} thinks of you.', image: null } } })
      .expect(200);
    const head = await service.infra.eventStore.headPosition();
    await service.http.post(route).set(admin.headers).expect(204);
    const mails = outbox().filter((mail) => mail.subject.startsWith('Cheers '));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['admin@example.org']);
    expect(mails[0].subject).not.toContain('{{name}}');
    expect(mails[0].text).toMatch(/^Dear .+, Test Club thinks of you\.$/);
    expect(await service.infra.eventStore.headPosition()).toBe(head);
  });

  it("falls back to the default greeting in the network's language when subject and text are empty", async () => {
    await service.http
      .put('/administration/settings')
      .set(admin.headers)
      .send({ basic: { language: 'en' }, mail: { birthday_emails: { enabled: true, subject: '', text: '', image: null } } })
      .expect(200);
    await service.http.post(route).set(admin.headers).expect(204);
    expect(outbox().filter((mail) => mail.subject.startsWith('Happy birthday, ') && mail.to[0] === 'admin@example.org')).toHaveLength(1);
  });

  it('answers 401 signed out and 403 to a member and to the auditor, mailing nothing', async () => {
    const before = outbox().length;
    const signedOut = await service.http.post(route).expect(401);
    expect(signedOut.body.error).toBe('unauthenticated');
    const member = await service.signIn('member@example.org');
    const forbidden = await service.http.post(route).set(member.headers).expect(403);
    expect(forbidden.body.error).toBe('forbidden');
    const auditor = await service.signIn('auditor@example.org');
    await service.http.post(route).set(auditor.headers).expect(403);
    expect(outbox()).toHaveLength(before);
  });

  it('answers 403 invalid_csrf_token without the CSRF token', async () => {
    const res = await service.http.post(route).set('Cookie', admin.headers['Cookie']).expect(403);
    expect(res.body.error).toBe('invalid_csrf_token');
  });
});
