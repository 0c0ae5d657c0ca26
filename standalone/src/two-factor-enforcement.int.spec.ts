import { createHmac } from 'node:crypto';
import request from 'supertest';
import { type BackupCodesAnswer, type FactorsResponse, type NewFactorResponse } from '@cn/contracts';
import { DEMO_PASSWORD } from '@cn/command-service';
import { useDemoServer } from './testing/demo-server';
import { requestCaller, type SignedInClient } from './testing/signed-in-client';

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

/**
 * Two-factor enforced by the server: one guard (the member guard of every service) answers 403
 * two_factor_required to a member without a factor the network allows, except on the setup routes; a
 * member who sets one up, or signs in with one, goes on; a factor of a method switched off is
 * deactivated (listed as such, never asked for, not enough under enforcement).
 */
describe('two-factor enforcement', () => {
  const demo = useDemoServer('two-factor-enforced');
  const server = () => demo.server;
  const { clients } = demo;
  let memberSecret = '';
  let memberBackupCodes: string[] = [];

  const call = requestCaller(server);
  /** a route of the query service, one of the command service and one of the search service, none part of the setup */
  const ordinaryRoutes = (client: SignedInClient) => [
    call(client, 'get', '/api/v1/unreads'),
    call(client, 'put', '/api/v1/members/me/status', { type: 'online', text: '' }),
    call(client, 'get', '/directory/members'),
  ];
  const setUpTotp = async (client: SignedInClient): Promise<{ secret: string; backupCodes: string[] }> => {
    const prepared = (await call(client, 'get', '/api/v1/authentication/factors/new?type=totp').expect(200)).body as NewFactorResponse;
    const uri = prepared.provisioning_uri ?? '';
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    const added = await call(client, 'post', '/api/v1/authentication/factors', { type: 'totp', code: codeAt(secret, Date.now()), provisioning_uri: uri, setup_token: prepared.setup_token }).expect(201);
    const backupCodes = (added.body as BackupCodesAnswer).backup_codes;
    expect(backupCodes).toHaveLength(10);
    return { secret, backupCodes };
  };
  const passwordStep = async (email: string) => {
    const res = await request(server()).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((value) => value.split(';')[0] ?? '').join('; ');
    return { body: res.body as Record<string, unknown>, cookie };
  };

  it('lets everybody through while two-factor is optional', async () => {
    await call(clients.admin, 'put', '/administration/settings', { member: { two_factor: 'enabled' } }).expect(200);
    for (const res of await Promise.all(ordinaryRoutes(clients.member))) expect(res.status).toBe(200);
  });

  it('enforced: a member without a factor gets 403 two_factor_required from every service but the setup, sets up TOTP and goes on', async () => {
    await call(clients.admin, 'put', '/administration/settings', { member: { two_factor: 'enforced' } }).expect(200);
    for (const res of await Promise.all(ordinaryRoutes(clients.member))) {
      expect({ status: res.status, error: (res.body as { error?: string }).error }).toEqual({ status: 403, error: 'two_factor_required' });
    }
    // the administrator who enforced it is no exception
    expect((await call(clients.admin, 'get', '/administration/settings')).body).toMatchObject({ error: 'two_factor_required' });
    // what the console and the setup need still answers
    expect((await call(clients.member, 'get', '/api/v1/network').expect(200)).body).toMatchObject({ current_member: { id: clients.member.id } });
    const before = (await call(clients.member, 'get', '/api/v1/authentication/factors').expect(200)).body as FactorsResponse;
    expect(before).toMatchObject({ two_factor: 'enforced', factors: [], setup_required: true });

    ({ secret: memberSecret, backupCodes: memberBackupCodes } = await setUpTotp(clients.member));
    for (const res of await Promise.all(ordinaryRoutes(clients.member))) expect(res.status).toBe(200);
    const after = (await call(clients.member, 'get', '/api/v1/authentication/factors').expect(200)).body as FactorsResponse;
    expect(after).toMatchObject({ setup_required: false, factors: [expect.objectContaining({ type: 'totp', deactivated: false })] });
  });

  it('a session that passed the second step keeps working', async () => {
    const { body, cookie } = await passwordStep('member@example.org');
    expect(body).toEqual({ two_factor_required: true, methods: ['totp'] });
    // the next step's code: the one of the setup was taken already
    const second = await request(server()).put('/users/two_factor_authentication.json').set('Cookie', cookie).send({ code: codeAt(memberSecret, Date.now() + 30_000) }).expect(200);
    const session = ((second.headers['set-cookie'] as unknown as string[]) ?? []).map((value) => value.split(';')[0] ?? '').find((value) => value.startsWith('cn_session=')) ?? '';
    const network = await request(server()).get('/api/v1/network').set('Cookie', session).expect(200);
    const client: SignedInClient = { email: 'member@example.org', id: clients.member.id, cookie: session, csrf: (network.body as { csrf_token: string }).csrf_token };
    for (const res of await Promise.all(ordinaryRoutes(client))) expect(res.status).toBe(200);
  });

  it('a method switched off deactivates its factors: listed as deactivated, not asked for at sign-in, not enough under enforcement', async () => {
    await setUpTotp(clients.admin);
    // a sign-in begun before the switch
    const begun = await passwordStep('member@example.org');
    expect(begun.body).toEqual({ two_factor_required: true, methods: ['totp'] });
    await call(clients.admin, 'put', '/administration/settings', { member: { two_factor_totp_available: false, two_factor_email_available: true } }).expect(200);
    const listed = (await call(clients.member, 'get', '/api/v1/authentication/factors').expect(200)).body as FactorsResponse;
    expect(listed).toMatchObject({ totp_available: false, setup_required: true, backup_codes_left: 0, factors: [expect.objectContaining({ type: 'totp', deactivated: true })] });
    for (const res of await Promise.all(ordinaryRoutes(clients.member))) expect((res.body as { error?: string }).error).toBe('two_factor_required');
    // the password step no longer asks for the deactivated factor: the member is sent to set up another
    const { body } = await passwordStep('member@example.org');
    expect(body).toMatchObject({ two_factor_setup_required: true, member: expect.objectContaining({ id: clients.member.id }) });
    // and an unused backup code of it does not finish the sign-in begun before
    const refused = await request(server()).put('/users/two_factor_authentication.json').set('Cookie', begun.cookie).send({ code: memberBackupCodes[0] });
    expect({ status: refused.status, errors: (refused.body as { errors?: unknown }).errors }).toEqual({ status: 400, errors: [expect.objectContaining({ field: 'code', key: 'invalid_code' })] });
    expect(refused.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^cn_session=[^;]+/)]));
  });
});
