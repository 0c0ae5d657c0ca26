import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memberStream } from '@cn/contracts';
import { csrfTokenFor } from '@cn/platform';
import { startTestService, type TestService } from '../__tests__/command-service-app';

describe('setting passwords: registration, change, reset and by an administrator', () => {
  let service: TestService;
  // the real time moved on by an offset: sessions are verified against the real time
  let offsetMs = 0;
  const outbox = (): Array<{ to: string[]; subject: string; text: string }> => {
    const dir = join(service.infra.config.dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; subject: string; text: string });
  };
  const streamOf = async (email: string) => {
    const memberId = (await service.signIn(email, 'a good passphrase').catch(() => null))?.memberId;
    return memberId ? service.infra.eventStore.readStream(memberStream(memberId)) : [];
  };

  beforeAll(async () => {
    service = await startTestService({ clock: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => service.close());

  it('refuses weak passwords on registration with 422, the field and the rule, appending nothing', async () => {
    const admin = await service.signIn('admin@example.org');
    const head = await service.infra.eventStore.headPosition();
    const register = (password: string) =>
      service.http.post('/administration/members').set(admin.headers).send({ user: { email: 'weak@example.org', password } });
    for (const [password, key] of [
      ['short1!', 'password_too_short'],
      ['password1', 'password_too_common'],
      ['Changeme', 'password_too_common'],
      ['weak@example.org', 'password_matches_email'],
      ['WEAK', 'password_too_short'],
    ] as const) {
      const res = await register(password).expect(422);
      expect(res.body).toEqual({ statusCode: 422, error: key, errors: [{ field: 'user.password', key }] });
    }
    expect(await service.infra.eventStore.headPosition()).toBe(head);
    await register('a good passphrase').expect(201);
  });

  it('changes the own password with the current one; the old one stops working; the event carries no hash in clear', async () => {
    const member = await service.signIn('weak@example.org', 'a good passphrase');
    const change = (body: object) => service.http.put('/api/v1/members/me/password').set(member.headers).send(body);
    const wrong = await change({ current_password: 'not it at all', password: 'another good one' }).expect(422);
    expect(wrong.body.errors).toEqual([{ field: 'current_password', key: 'current_password_invalid' }]);
    const mismatch = await change({ current_password: 'a good passphrase', password: 'another good one', password_confirmation: 'another good 1' }).expect(422);
    expect(mismatch.body.errors).toEqual([{ field: 'password_confirmation', key: 'password_confirmation_mismatch' }]);
    const common = await change({ current_password: 'a good passphrase', password: 'iloveyou' }).expect(422);
    expect(common.body.errors).toEqual([{ field: 'password', key: 'password_too_common' }]);
    const elsewhere = await service.signIn('weak@example.org', 'a good passphrase');
    const changedRes = await change({ current_password: 'a good passphrase', password: 'another good one', password_confirmation: 'another good one' }).expect(200);
    // the other session ended; this one goes on under the new cookie
    const status = (headers: Record<string, string>) => service.http.put('/api/v1/members/me/status').set(headers).send({ type: 'online', text: '' });
    await status(elsewhere.headers).expect(401);
    await status(member.headers).expect(401);
    const renewed = String(([] as string[]).concat(changedRes.headers['set-cookie'] ?? []).find((c) => c.startsWith('cn_session=')) ?? '').split(';')[0];
    const token = decodeURIComponent(renewed.slice('cn_session='.length));
    await status({ Cookie: renewed, 'X-CSRF-Token': csrfTokenFor(token, service.infra.config.session) }).expect(200);
    await service.http.post('/users/sign_in').send({ email: 'weak@example.org', password: 'a good passphrase' }).expect(401);
    const again = await service.signIn('weak@example.org', 'another good one');
    const events = await service.infra.eventStore.readStream(memberStream(again.memberId));
    const changed = events.find((event) => event.type === 'MemberPasswordChanged');
    expect(changed?.data).toMatchObject({ member_id: again.memberId, reason: 'changed', password_hash: { subject: again.memberId } });
    expect(JSON.stringify(events)).not.toMatch(/scrypt\$/);
    await service.http.put('/api/v1/members/me/password').send({ current_password: 'x', password: 'y' }).expect(401);
  });

  it('mails a reset link for a known address only, answering the same either way; the token works once and for two hours', async () => {
    const before = outbox().length;
    const unknown = await service.http.post('/users/password').send({ user: { email: 'nobody@example.org' } }).expect(202);
    const known = await service.http.post('/users/password').send({ user: { email: 'WEAK@example.org' } }).expect(202);
    expect(known.body).toEqual(unknown.body);
    const mails = outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['weak@example.org']);
    const link = /(http:\/\/localhost:\d+\/users\/password\/edit\?reset_password_token=\S+)/.exec(mails[0].text)?.[1];
    expect(link).toBeDefined();
    const token = decodeURIComponent(new URL(link as string).searchParams.get('reset_password_token') ?? '');
    const reset = (body: object) => service.http.put('/users/password').send({ user: body });

    const forged = await reset({ reset_password_token: `${token.slice(0, -2)}xx`, password: 'reset passphrase' }).expect(422);
    expect(forged.body.errors).toEqual([{ field: 'user.reset_password_token', key: 'reset_token_invalid' }]);
    const weak = await reset({ reset_password_token: token, password: 'password' }).expect(422);
    expect(weak.body.errors).toEqual([{ field: 'user.password', key: 'password_too_common' }]);
    const openBefore = await service.signIn('weak@example.org', 'another good one');
    await reset({ reset_password_token: token, password: 'reset passphrase', password_confirmation: 'reset passphrase' }).expect(200);
    await service.http.put('/api/v1/members/me/status').set(openBefore.headers).send({ type: 'online', text: '' }).expect(401);
    await service.signIn('weak@example.org', 'reset passphrase');
    await reset({ reset_password_token: token, password: 'second reset phrase' }).expect(422);

    // a second link a minute later, used after it expired
    offsetMs += 60_000;
    await service.http.post('/users/password').send({ user: { email: 'weak@example.org' } }).expect(202);
    const late = /reset_password_token=(\S+)/.exec(outbox().at(-1)?.text ?? '')?.[1];
    offsetMs += 2 * 3_600_000;
    await reset({ reset_password_token: decodeURIComponent(late ?? ''), password: 'too late phrase' }).expect(422);
    await service.signIn('weak@example.org', 'reset passphrase');
  });

  it('lets a network administrator set a member password under the same rules; members may not', async () => {
    const admin = await service.signIn('admin@example.org');
    const member = await service.signIn('member@example.org');
    const target = await service.signIn('weak@example.org', 'reset passphrase');
    const set = (headers: Record<string, string>, id: string, password: string) =>
      service.http.put(`/administration/members/${id}`).set(headers).send({ user: { password } });
    await set(member.headers, target.memberId, 'admin chosen phrase').expect(403);
    const common = await set(admin.headers, target.memberId, 'qwertyuiop').expect(422);
    expect(common.body.errors).toEqual([{ field: 'user.password', key: 'password_too_common' }]);
    await set(admin.headers, 'no-such-member', 'admin chosen phrase').expect(404);
    await set(admin.headers, target.memberId, 'admin chosen phrase').expect(200);
    await service.signIn('weak@example.org', 'admin chosen phrase');
    expect(await streamOf('nobody@example.org')).toEqual([]);
  });
});
