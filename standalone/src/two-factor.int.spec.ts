import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { twoFactorStream, type AuditEventsResponse, type FactorsResponse, type MemberFactorsResponse, type NewFactorResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/** RFC 6238 written again here, independently of the server's: base32 secret, SHA-1, 6 digits, 30 s */
const base32 = (text: string): Buffer => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
};
const codeAt = (secret: string, ms: number): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[19] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

describe('two-factor authentication', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-two-factor-'));
  let running: RunningStandalone;
  let server: Server;
  let admin: SignedInClient;
  let auditor: SignedInClient;
  let member: SignedInClient;
  let secret = '';
  let factorId = '';
  let backupCodes: string[] = [];

  const { call } = httpCaller(() => server);
  const streamLength = async (memberId: string) => (await running.infra.eventStore.readStream(twoFactorStream(memberId))).length;
  /** the password step; answers the pending cookie */
  const passwordStep = async (email: string, password = DEMO_PASSWORD) => {
    const res = await request(server).post('/users/sign_in').send({ email, password }).expect(200);
    const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((value) => value.split(';')[0] ?? '').join('; ');
    return { body: res.body as Record<string, unknown>, cookie };
  };
  const lastMailedCode = (): string => {
    const outbox = join(dataDir, 'outbox');
    const mails = readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
    const mail = JSON.parse(readFileSync(join(outbox, mails[mails.length - 1]), 'utf8')) as { to: string[]; text: string };
    expect(mail.to).toEqual(['member@example.org']);
    return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  };
  const secondStep = (cookie: string, code: string) => request(server).put('/users/two_factor_authentication.json').set('Cookie', cookie).send({ code });

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'two-factor-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    admin = await signInClient(server, 'admin@example.org', DEMO_PASSWORD);
    auditor = await signInClient(server, 'auditor@example.org', DEMO_PASSWORD);
    member = await signInClient(server, 'member@example.org', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a factor while the network has two-factor disabled', async () => {
    const prepared = (await call(member, 'get', '/api/v1/authentication/factors/new?type=totp')).body as NewFactorResponse;
    const uri = prepared.provisioning_uri ?? '';
    const code = codeAt(new URL(uri).searchParams.get('secret') ?? '', Date.now());
    const res = await call(member, 'post', '/api/v1/authentication/factors', { type: 'totp', code, provisioning_uri: uri, setup_token: prepared.setup_token });
    expect(res.status).toBe(403);
    expect(await streamLength(member.id)).toBe(0);
  });

  it('answers 401 before 400, and 400 naming the field for an unknown type or a code that is not numeric', async () => {
    await request(server).get('/api/v1/authentication/factors/new?type=totp').expect(401);
    expect((await call(admin, 'put', '/administration/settings', { member: { two_factor: 'enabled' } })).status).toBe(200);
    const unknown = await call(member, 'get', '/api/v1/authentication/factors/new?type=sms');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'type', key: 'unknown_type' })]);
    const notNumeric = await call(member, 'post', '/api/v1/authentication/factors', { type: 'totp', code: 'abcdef', setup_token: 'x' });
    expect(notNumeric.status).toBe(400);
    expect(notNumeric.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'code', key: 'invalid_format' })]));
    expect(await streamLength(member.id)).toBe(0);
  });

  it('adds an authenticator only when a code of it confirms it, and never a secret the server did not make', async () => {
    const prepared = (await call(member, 'get', '/api/v1/authentication/factors/new?type=totp')).body as NewFactorResponse;
    expect(prepared.provisioning_uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&issuer=/);
    const uri = prepared.provisioning_uri ?? '';
    secret = new URL(uri).searchParams.get('secret') ?? '';
    const forged = uri.replace(secret, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const forgedAnswer = await call(member, 'post', '/api/v1/authentication/factors', {
      type: 'totp', code: codeAt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Date.now()), provisioning_uri: forged, setup_token: prepared.setup_token,
    });
    expect(forgedAnswer.status).toBe(400);
    expect(forgedAnswer.body.errors).toEqual([expect.objectContaining({ field: 'setup_token' })]);
    const wrong = await call(member, 'post', '/api/v1/authentication/factors', { type: 'totp', code: codeAt(secret, Date.now() - 10 * 60_000), provisioning_uri: uri, setup_token: prepared.setup_token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'code', key: 'invalid_code' })]);
    expect(await streamLength(member.id)).toBe(0);

    const added = await call(member, 'post', '/api/v1/authentication/factors', { type: 'totp', code: codeAt(secret, Date.now()), provisioning_uri: uri, setup_token: prepared.setup_token });
    expect(added.status).toBe(201);
    factorId = added.body.id as string;
    backupCodes = added.body.backup_codes as string[];
    expect(backupCodes).toHaveLength(10);
    const listed = (await call(member, 'get', '/api/v1/authentication/factors')).body as FactorsResponse;
    expect(listed.factors).toEqual([expect.objectContaining({ id: factorId, type: 'totp' })]);
    expect(listed.backup_codes_left).toBe(10);
    // the same type twice is a conflict
    const again = (await call(member, 'get', '/api/v1/authentication/factors/new?type=totp')).body as NewFactorResponse;
    const againSecret = new URL(again.provisioning_uri ?? '').searchParams.get('secret') ?? '';
    const twice = await call(member, 'post', '/api/v1/authentication/factors', { type: 'totp', code: codeAt(againSecret, Date.now()), provisioning_uri: again.provisioning_uri, setup_token: again.setup_token });
    expect(twice.status).toBe(409);
  });

  it('asks for the second factor after the password: no session before it, and a used code cannot be replayed', async () => {
    const { body, cookie } = await passwordStep('member@example.org');
    expect(body).toEqual({ two_factor_required: true, methods: ['totp'] });
    expect(cookie).not.toContain('cn_session');
    await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200).expect((res) => expect(res.body.current_member).toBeNull());
    // the confirming code's step is taken already: the next step's code (one step of drift) signs in
    const code = codeAt(secret, Date.now() + 30_000);
    const signedIn = await secondStep(cookie, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ redirect_to: '/' });
    const session = ((signedIn.headers['set-cookie'] as unknown as string[]) ?? []).find((value) => value.startsWith('cn_session='))?.split(';')[0] ?? '';
    await request(server).get('/api/v1/authentication/factors').set('Cookie', session).expect(200);
    const replay = await secondStep((await passwordStep('member@example.org')).cookie, code);
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual([expect.objectContaining({ field: 'code', key: 'invalid_code' })]);
    await secondStep('', code).expect(401);
  });

  it('takes a backup code once', async () => {
    const first = await secondStep((await passwordStep('member@example.org')).cookie, backupCodes[0]);
    expect(first.status).toBe(200);
    const again = await secondStep((await passwordStep('member@example.org')).cookie, backupCodes[0]);
    expect(again.status).toBe(400);
  });

  it('resets backup codes and deletes a factor only with a code, and an administrator resets it all', async () => {
    const before = await streamLength(member.id);
    const refused = await call(member, 'post', `/api/v1/authentication/factors/${factorId}/reset-backup-codes`, { code: '000000' === codeAt(secret, Date.now()) ? '111111' : '000000' });
    expect(refused.status).toBe(400);
    expect(await streamLength(member.id)).toBe(before);
    const reset = await call(member, 'post', `/api/v1/authentication/factors/${factorId}/reset-backup-codes`, { code: backupCodes[1] });
    expect(reset.status).toBe(200);
    expect(reset.body.backup_codes).toHaveLength(10);
    // the old codes stop working
    expect((await call(member, 'delete', `/api/v1/authentication/factors/${factorId}`, { code: backupCodes[2] })).status).toBe(400);
    expect((await call(member, 'delete', '/api/v1/authentication/factors/unknown', { code: '123456' })).status).toBe(404);
    // members may not reset anyone's factors; administrators may
    expect((await call(member, 'delete', `/administration/members/${member.id}/authentication/factors`)).status).toBe(403);
    expect((await call(auditor, 'delete', `/administration/members/${member.id}/authentication/factors`)).status).toBe(403);
    expect((await call(admin, 'delete', `/administration/members/${member.id}/authentication/factors`)).status).toBe(200);
    expect(((await call(member, 'get', '/api/v1/authentication/factors')).body as FactorsResponse).factors).toEqual([]);
    expect((await passwordStep('member@example.org')).body).toMatchObject({ member: expect.objectContaining({ email: 'member@example.org' }) });
  });

  it('shows the reset factor to the member (by an administrator, no name) and to the administration (with the name)', async () => {
    const own = ((await call(member, 'get', '/api/v1/authentication/factors')).body as FactorsResponse).removed_factors;
    expect(own).toEqual([expect.objectContaining({ id: factorId, type: 'totp', removed_by: 'administrator', removed_by_name: null })]);
    expect(Date.parse(own[0].removed_at)).toBeGreaterThan(Date.parse(own[0].created_at) - 1);
    const administration = await call(admin, 'get', `/administration/members/${member.id}/authentication/factors`);
    expect(administration.status).toBe(200);
    const body = administration.body as MemberFactorsResponse;
    expect(body.factors).toEqual([]);
    expect(body.removed_factors).toEqual([expect.objectContaining({ id: factorId, type: 'totp', removed_by: 'administrator', removed_by_name: expect.stringMatching(/\S/) })]);
    expect(body.removed_factors[0].removed_by_name).not.toBe(own[0].removed_by_name);
    expect((await call(auditor, 'get', `/administration/members/${member.id}/authentication/factors`)).status).toBe(200);
    expect((await call(member, 'get', `/administration/members/${member.id}/authentication/factors`)).status).toBe(403);
    expect((await call(admin, 'get', '/administration/members/no-such-member/authentication/factors')).status).toBe(404);
  });

  it('throttles wrong codes: after five, 429 with Retry-After even for a right one', async () => {
    const prepared = (await call(auditor, 'get', '/api/v1/authentication/factors/new?type=totp')).body as NewFactorResponse;
    const own = new URL(prepared.provisioning_uri ?? '').searchParams.get('secret') ?? '';
    const add = (code: string) => call(auditor, 'post', '/api/v1/authentication/factors', { type: 'totp', code, provisioning_uri: prepared.provisioning_uri, setup_token: prepared.setup_token });
    const wrong = codeAt(own, Date.now() - 60 * 60_000);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await add(wrong)).status).toBe(400);
    const locked = await add(codeAt(own, Date.now()));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await streamLength(auditor.id)).toBe(0);
  });

  it('mails the code of a mail factor through the outbox', async () => {
    const prepared = (await call(member, 'get', '/api/v1/authentication/factors/new?type=email')).body as NewFactorResponse;
    expect(prepared.secret_key).toMatch(/^[0-9a-f]{40}$/);
    expect((await call(member, 'post', '/api/v1/authentication/factors/new/email_code', { secret_key: prepared.secret_key, setup_token: prepared.setup_token })).status).toBe(204);
    const added = await call(member, 'post', '/api/v1/authentication/factors', { type: 'email', code: lastMailedCode(), secret_key: prepared.secret_key, setup_token: prepared.setup_token });
    expect(added.status).toBe(201);
    // signing in mails a fresh code (a step after the one taken), which the second step takes
    const { body, cookie } = await passwordStep('member@example.org');
    expect(body).toEqual({ two_factor_required: true, methods: ['email'] });
    expect((await secondStep(cookie, lastMailedCode())).status).toBe(200);
  });

  it('keeps secrets out of the read models and the audit answers', async () => {
    const audit = (await call(admin, 'get', `/api/v1/audit/events?limit=100`)).body as AuditEventsResponse;
    const text = JSON.stringify(audit);
    expect(text).toContain('TwoFactorFactorAdded');
    expect(text).not.toContain(secret);
    for (const code of backupCodes) expect(text).not.toContain(code);
    expect(text).not.toMatch(/"\$secret"/);
    const factors = await running.infra.documentStore.collection('two_factor_factors_v2').find({});
    const stored = JSON.stringify(factors);
    expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/\$secret|backup_codes"/);
    // every read model, the lookups and the search copies live in this file (and its log): no secret in any of them
    for (const file of ['read-models.sqlite', 'read-models.sqlite-wal']) {
      let bytes = '';
      try {
        bytes = readFileSync(join(dataDir, file)).toString('latin1');
      } catch {
        continue;
      }
      expect(bytes.includes(secret)).toBe(false);
      for (const code of backupCodes) expect(bytes.includes(code)).toBe(false);
    }
  });
});
