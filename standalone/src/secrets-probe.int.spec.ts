import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { memberStream, SECRET_REDACTED, type NetworkResponse } from '@cn/contracts';
import { createInfrastructure, loadConfig } from '@cn/platform';
import { DEMO_PASSWORD, hashPassword, seedDemo } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

/**
 * The security probe: after every kind of credential was set (registration, change, reset, an
 * administrator, a webcal token, and a member registered before credentials were sealed), no answer an
 * auditor, administrator or member can get, no export and no read-model file shows a hash, a token or
 * a password.
 */
const LEGACY_PASSWORD = 'legacy passphrase';
const CHAIN_HEAD_PATHS = ['/api/v1/audit/integrity', '/api/v1/audit/integrity/head', '/api/v1/audit/integrity/signatures', '/api/v1/audit/integrity/signatures/export'];
const SECRET_FIELDS = new Set(['password', 'password_hash', 'token_hash', 'reset_password_token', 'secret', 'current_password']);

/** every place in a JSON answer that looks like a credential */
const findingsIn = (value: unknown, where: string, known: readonly string[]): string[] => {
  if (typeof value === 'string') {
    const findings: string[] = [];
    if (/scrypt\$/.test(value)) findings.push(`${where}: scrypt hash`);
    if (/(^|[^0-9a-f])[0-9a-f]{64}([^0-9a-f]|$)/i.test(value)) findings.push(`${where}: 64 hex digits (a SHA-256)`);
    for (const secret of known) if (value.includes(secret)) findings.push(`${where}: a known secret in clear text`);
    return findings;
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findingsIn(item, `${where}[${index}]`, known));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(key === '$secret' ? [`${where}.$secret: a sealed credential`] : []),
      ...(SECRET_FIELDS.has(key) && item !== SECRET_REDACTED ? [`${where}.${key}: a credential field that is not redacted`] : []),
      ...findingsIn(item, `${where}.${key}`, known),
    ]);
  }
  return [];
};

describe('security probe: no credential in any answer, export or read model', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-secrets-probe-'));
  let running: RunningStandalone;
  let server: Server;
  const known: string[] = [DEMO_PASSWORD, LEGACY_PASSWORD];
  const legacyId = randomUUID();
  let legacyHash = '';

  beforeAll(async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' };
    // a member registered by an earlier version: MemberRegistered v1, the scrypt hash in clear text
    const before = await createInfrastructure(loadConfig({ ...env, DEMO_SEED: 'false' }), { service: 'probe-setup' });
    legacyHash = await hashPassword(LEGACY_PASSWORD, before.config.passwordCost);
    await before.eventStore.append(
      memberStream(legacyId),
      [
        {
          id: randomUUID(),
          type: 'MemberRegistered',
          data: {
            member_id: legacyId,
            email: await before.cipher.encrypt(legacyId, 'legacy@example.org'),
            first_name: await before.cipher.encrypt(legacyId, 'Lea'),
            last_name: await before.cipher.encrypt(legacyId, 'Legacy'),
            password_hash: legacyHash,
            roles: { network_admin: false, auditor: false, external: false },
          },
          metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: 'legacy', causationId: 'legacy', schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await before.close();
    known.push(legacyHash);
    running = await startStandalone(loadConfig({ ...env, DEMO_SEED: 'false' }), { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** an SQLite database as bytes, its write-ahead log included (recent writes sit there until a checkpoint) */
  const fileText = (name: string): string =>
    readdirSync(dataDir)
      .filter((file) => file === name || file === `${name}-wal`)
      .map((file) => readFileSync(join(dataDir, file)).toString('latin1'))
      .join('\n');

  const signIn = async (email: string, password: string): Promise<{ cookie: string; csrf: string; id: string }> => {
    const res = await request(server).post('/users/sign_in').send({ email, password }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { cookie, csrf: network.csrf_token ?? '', id: (res.body as { member: { id: string } }).member.id };
  };

  it('signs in a member registered before credentials were sealed, with the hash redacted everywhere', async () => {
    const legacy = await signIn('legacy@example.org', LEGACY_PASSWORD);
    expect(legacy.id).toBe(legacyId);
    const [event] = await running.infra.eventStore.readStream(memberStream(legacyId));
    expect(event.metadata.schemaVersion).toBe(2);
    expect(event.data).toMatchObject({ password_hash: { $secret: legacyHash, subject: legacyId, legacy: true } });
  });

  it('finds no credential in any answer to an administrator, an auditor or a member, nor in the read models', async () => {
    // the demo members (an administrator, an auditor, a member) beside the legacy one
    await seedDemo(running.infra);
    const admin = await signIn('admin@example.org', DEMO_PASSWORD);
    const auditor = await signIn('auditor@example.org', DEMO_PASSWORD);
    const member = await signIn('member@example.org', DEMO_PASSWORD);
    const as = (who: { cookie: string; csrf: string }) => ({ Cookie: who.cookie, 'X-CSRF-Token': who.csrf });

    // every way a credential is set
    const chosen = ['registered passphrase', 'changed passphrase', 'reset passphrase', 'admin set passphrase'];
    known.push(...chosen);
    const created = await request(server)
      .post('/administration/members')
      .set(as(admin))
      .send({ user: { email: 'probe@example.org', password: chosen[0] } })
      .expect(201);
    const probe = await signIn('probe@example.org', chosen[0]);
    await request(server).put('/api/v1/members/me/password').set(as(probe)).send({ current_password: chosen[0], password: chosen[1] }).expect(200);
    await request(server).post('/users/password').send({ user: { email: 'probe@example.org' } }).expect(202);
    const outbox = join(dataDir, 'outbox');
    const mail = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8')).find((text) => text.includes('reset_password_token'));
    const resetToken = decodeURIComponent(/reset_password_token=([^\s"\\]+)/.exec(mail ?? '')?.[1] ?? '');
    expect(resetToken).not.toBe('');
    known.push(resetToken, createHash('sha256').update(resetToken).digest('hex'));
    await request(server).put('/users/password').send({ user: { reset_password_token: resetToken, password: chosen[2] } }).expect(200);
    await request(server).put(`/administration/members/${String(created.body.id)}`).set(as(admin)).send({ user: { password: chosen[3] } }).expect(200);
    // a sign-in lock, which names an unknown account by a fingerprint
    for (let attempt = 0; attempt < 6; attempt += 1) await request(server).post('/users/sign_in').send({ email: 'nobody@example.org', password: 'wrong guess' });
    const calendarToken = (await request(server).post('/users/calendar_token').set(as(member)).expect(200)).body as { token: string };
    known.push(calendarToken.token, createHash('sha256').update(calendarToken.token).digest('hex'));

    const consistency = String((await request(server).put('/api/v1/members/me/status').set(as(member)).send({ type: 'online', text: '' })).headers['x-consistency-position']);
    const docs = (await request(server).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const plainGets = Object.entries(docs.paths)
      .filter(([path, operations]) => 'get' in operations && !path.includes('{') && path !== '/api/docs')
      .map(([path]) => path);
    expect(plainGets.length).toBeGreaterThan(10);
    const memberIds = [legacyId, admin.id, auditor.id, member.id, probe.id, String(created.body.id)];
    const findings: string[] = [];
    let answers = 0;
    const scan = async (who: string, headers: Record<string, string>, path: string): Promise<void> => {
      const res = await request(server).get(path).set(headers).set('X-Consistency-Position', consistency);
      answers += 1;
      expect(res.status).toBeLessThan(500);
      // NDJSON answers (the audit export, the verification, the signatures' export) are scanned line by line, as
      // the objects they hold (supertest parses none of them into `body`)
      const body: unknown = res.type.includes('ndjson')
        ? res.text.split('\n').filter((line) => line.trim() !== '').map((line): unknown => JSON.parse(line))
        : res.type.includes('json')
          ? res.body
          : res.text;
      // the chain's head is a SHA-256 of the history's content, meant to be published and kept outside the
      // system (with the signature over it): the one 64-hex value an answer carries on purpose (the head
      // signed on request and the heads signed on the schedule)
      const chainHead = CHAIN_HEAD_PATHS.includes(path) ? /\.(hash|message)$/ : null;
      findings.push(...findingsIn(body, `${who} GET ${path}`, known).filter((finding) => !(chainHead?.test(finding.split(':')[0] ?? '') ?? false)));
    };
    for (const [who, session] of [['admin', admin], ['auditor', auditor], ['member', member]] as const) {
      for (const path of plainGets) await scan(who, as(session), path);
      for (const id of memberIds) await scan(who, as(session), `/members/${id}`);
    }
    // the whole audit history, page by page, and the admin console's list of it
    for (let after: number | null = 0; after !== null; ) {
      const res: request.Response = await request(server).get(`/api/v1/audit/events?order=asc&limit=200&after=${after}`).set(as(auditor)).expect(200);
      answers += 1;
      findings.push(...findingsIn(res.body, `auditor audit after ${after}`, known));
      after = (res.body as { next: number | null }).next;
    }
    await scan('admin', as(admin), '/administration/audit-events?range=[0,999]');
    // exports: feeds by token, the attendees lists and calendars of every appointment the admin sees
    for (const collection of ['all', 'participating', 'personal', 'shared', 'network']) {
      const res = await request(server).get(`/calendars/feeds/${collection}.ics?token=${encodeURIComponent(calendarToken.token)}`);
      answers += 1;
      findings.push(...findingsIn(res.text, `feed ${collection}`, known.filter((secret) => secret !== calendarToken.token)));
    }
    const audit = (await request(server).get('/api/v1/audit/events?type=AppointmentCreated&limit=200').set(as(auditor)).expect(200)).body as {
      events: Array<{ data: { appointment_id?: string } }>;
    };
    for (const event of audit.events.slice(0, 5)) {
      const id = event.data.appointment_id;
      if (!id) continue;
      for (const path of [`/appointments/${id}.ics`, `/appointments/${id}/attendees.csv`, `/appointments/${id}`]) await scan('admin', as(admin), path);
    }
    expect(answers).toBeGreaterThan(60);
    const locks = (await request(server).get('/api/v1/audit/events?type=SignInLocked').set(as(auditor)).expect(200)).body as { events: unknown[] };
    expect(locks.events).toHaveLength(1);
    expect(findings).toEqual([]);

    // the read models on disk: no password hash, no reset token or its hash (the webcal token's hash is the
    // one verifier a read model keeps: the feed looks it up)
    const readModels = fileText('read-models.sqlite');
    expect(readModels).not.toContain('scrypt$');
    for (const secret of known.filter((value) => value !== createHash('sha256').update(calendarToken.token).digest('hex'))) {
      expect(readModels.includes(secret)).toBe(false);
    }
    // and the event log keeps only sealed credentials (the legacy one until it is re-encrypted)
    const log = fileText('events.sqlite');
    expect(log).toContain(legacyHash);
    expect(log.split('scrypt$').length - 1).toBe(log.split(legacyHash).length - 1);
  });
});
