import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { ChainHeadSignaturesResponse, SignedChainHead } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { eventually, pause } from '@cn/platform/testing';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * The chain's head signed on a schedule (AUDIT_HEAD_SIGN_INTERVAL): listed and exported for auditors and
 * administrators, each signature checkable with its public key, and the schedule durable across restarts
 * (the next is due one interval after the newest stored signature, not one interval after the start).
 */
describe('scheduled signatures of the chain head', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-head-sign-'));
  let running: RunningStandalone | undefined;
  const start = async (interval: string): Promise<Server> => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'head-sign-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error', AUDIT_HEAD_SIGN_INTERVAL: interval });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    return running.app.getHttpServer() as Server;
  };
  const listed = async (server: Server, client: SignedInClient): Promise<ChainHeadSignaturesResponse> =>
    (await request(server).get('/api/v1/audit/integrity/signatures').set('Cookie', client.cookie).expect(200)).body as ChainHeadSignaturesResponse;
  const verified = (signature: SignedChainHead): boolean =>
    verify(null, Buffer.from(signature.message), createPublicKey(signature.public_key), Buffer.from(signature.signature, 'base64'));

  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs every interval, lists and exports the signatures, and keeps its schedule across a restart', async () => {
    let server = await start('700ms');
    let auditor = await signInClient(server, 'auditor@example.org', DEMO_PASSWORD);
    const member = await signInClient(server, 'member@example.org', DEMO_PASSWORD);
    await request(server).get('/api/v1/audit/integrity/signatures').set('Cookie', member.cookie).expect(403);
    await request(server).get('/api/v1/audit/integrity/signatures/export').set('Cookie', member.cookie).expect(403);
    await request(server).get('/api/v1/audit/integrity/signatures').expect(401);

    const first = await eventually(async () => {
      const answer = await listed(server, auditor);
      expect(answer.signatures.length).toBeGreaterThanOrEqual(3);
      return answer;
    });
    expect(first.interval_ms).toBe(700);
    const head = await running?.infra.eventStore.chainHead?.();
    for (const signature of first.signatures) {
      expect(verified(signature)).toBe(true);
      expect(signature.message).toBe(`cn-chain-head:v1:${signature.position}:${signature.hash}:${signature.signed_at}`);
    }
    expect(first.signatures[0]).toMatchObject({ position: head?.position, hash: head?.hash });
    // newest first, one interval apart (a timer may fire late, never early)
    const times = first.signatures.map((signature) => Date.parse(signature.signed_at));
    for (let i = 1; i < times.length; i += 1) expect(times[i - 1] - times[i]).toBeGreaterThanOrEqual(700);
    expect(Date.parse(first.next_due_at ?? '')).toBe(times[0] + 700);
    // a forged message does not verify
    expect(verified({ ...first.signatures[0], message: first.signatures[0].message.replace(/:\d+:/, ':1:') })).toBe(false);

    const exported = await request(server).get('/api/v1/audit/integrity/signatures/export').set('Cookie', auditor.cookie).expect(200);
    expect(exported.type).toBe('application/x-ndjson');
    const lines = exported.text.trim().split('\n').map((line) => JSON.parse(line) as SignedChainHead);
    expect(lines.length).toBeGreaterThanOrEqual(first.signatures.length);
    expect(lines.map((line) => line.signed_at)).toEqual([...lines.map((line) => line.signed_at)].sort());

    // restarted with an hour between signatures: the newest stored one is recent, so none is due yet
    await running?.stop();
    running = undefined;
    server = await start('1h');
    auditor = await signInClient(server, 'auditor@example.org', DEMO_PASSWORD);
    const before = await listed(server, auditor);
    await pause(1500);
    const after = await listed(server, auditor);
    expect(after.signatures.length).toBe(before.signatures.length);
    expect(Date.parse(after.next_due_at ?? '')).toBe(Date.parse(after.signatures[0].signed_at) + 3_600_000);
    expect(after.signatures.length).toBeGreaterThanOrEqual(lines.length);
  });
});
