import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import request from 'supertest';
import { SESSION_COOKIE } from '@cn/contracts';
import { type DocumentStore, createSqliteDocumentStore } from '@cn/platform/document-store';
import { applyHttpKit } from './kit';
import { createMetrics } from './observability';
import { Ctx, requestContextOf, requireMember, type RequestContext } from './request-context';
import { createSessionToken, verifySessionToken } from './session';
import { createSessionRevocations, REVOKED_SESSIONS, sessionRevocationsOf } from './session-revocation';

const session = { secret: 'test-secret', ttlMs: 60_000, secureCookie: false };
const cookie = (token: string): string => `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
const sessionIdOf = (token: string): string => verifySessionToken(token, session)?.sessionId ?? '';
/** a session of a member no member-wide revocation touches */
const idOnly = (sessionId: string) => ({ sessionId, memberId: 'untouched', expiresAt: Number.MAX_SAFE_INTEGER });

@Controller('me')
class MeController {
  @Get()
  me(@Ctx() ctx: RequestContext): { memberId: string } {
    return { memberId: requireMember(ctx) };
  }
}

@Module({ controllers: [MeController] })
class MeModule {}

describe('session revocation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cn-revocation-'));
  // two stores on one file stand for two service processes
  let writer: DocumentStore;
  let reader: DocumentStore;
  beforeAll(() => {
    writer = createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    reader = createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is seen at once where it was recorded and after the refresh period elsewhere', async () => {
    let clock = 1_000_000;
    const here = createSessionRevocations(writer, { clock: () => clock });
    const there = createSessionRevocations(reader, { clock: () => clock });
    await there.refresh();
    expect(there.isStale()).toBe(false);

    await here.revoke('session-a', clock + 60_000);
    expect(here.isRevoked(idOnly('session-a'))).toBe(true);
    await there.refresh();
    expect(there.isRevoked(idOnly('session-a'))).toBe(false); // still fresh: no reload within the period

    clock += 1_000;
    expect(there.isStale()).toBe(true);
    await there.refresh();
    expect(there.isRevoked(idOnly('session-a'))).toBe(true);
    expect(there.isRevoked(idOnly('session-b'))).toBe(false);
  });

  it('sweeps entries past their expiry, which the tokens outlive no more', async () => {
    let clock = 5_000_000;
    const revocations = createSessionRevocations(writer, { clock: () => clock });
    await revocations.revoke('short-lived', clock + 10);
    await revocations.revoke('long-lived', clock + 60_000);
    clock += 11;
    expect(await revocations.sweep()).toBeGreaterThanOrEqual(1);
    const left = (await writer.collection(REVOKED_SESSIONS).find()).map((doc) => doc._id);
    expect(left).toContain('long-lived');
    expect(left).not.toContain('short-lived');
    clock += 1_000;
    await revocations.refresh();
    expect(revocations.isRevoked(idOnly('short-lived'))).toBe(false);
    expect(revocations.isRevoked(idOnly('long-lived'))).toBe(true);
  });

  it("ends a member's sessions up to an expiry, in every process, and not their later ones nor other members'", async () => {
    let clock = 9_000_000;
    const here = createSessionRevocations(writer, { clock: () => clock, refreshMs: 1_000 });
    const there = createSessionRevocations(reader, { clock: () => clock, refreshMs: 1_000 });
    await there.refresh();
    await here.revokeMember('member-9', clock + 60_000);
    const before = { sessionId: 'a', memberId: 'member-9', expiresAt: clock + 60_000 };
    const after = { sessionId: 'b', memberId: 'member-9', expiresAt: clock + 60_001 };
    const other = { sessionId: 'c', memberId: 'member-8', expiresAt: clock + 1 };
    expect([here.isRevoked(before), here.isRevoked(after), here.isRevoked(other)]).toEqual([true, false, false]);
    clock += 1_000;
    await there.refresh();
    expect([there.isRevoked(before), there.isRevoked(after), there.isRevoked(other)]).toEqual([true, false, false]);
    // an earlier expiry revoked later never shortens what was revoked
    await here.revokeMember('member-9', clock);
    expect(here.isRevoked(before)).toBe(true);
  });

  describe('in the request context', () => {
    let app: INestApplication;
    // the kit's clock: the test moves it past the refresh period instead of waiting for it
    let now = Date.now();
    beforeAll(async () => {
      app = await NestFactory.create(MeModule, { logger: false });
      applyHttpKit(app, {
        session,
        logger: pino({ level: 'silent' }),
        metrics: createMetrics(),
        readiness: () => Promise.resolve(true),
        documentStore: reader,
        clock: () => new Date(now),
      });
      await app.init();
    });
    afterAll(() => app.close());

    it('treats a session revoked by another process like no session, within the refresh period', async () => {
      const http = request(app.getHttpServer() as Server);
      const revoked = createSessionToken('member-1', session);
      const kept = createSessionToken('member-1', session);
      await http.get('/me').set('Cookie', cookie(revoked)).expect(200, { memberId: 'member-1' });

      await sessionRevocationsOf(writer).revoke(sessionIdOf(revoked), Date.now() + 60_000);
      // within the refresh period this process has not read the revocation yet
      await http.get('/me').set('Cookie', cookie(revoked)).expect(200, { memberId: 'member-1' });
      now += 1_050;

      const refused = await http.get('/me').set('Cookie', cookie(revoked)).expect(401);
      expect(refused.body).toMatchObject({ error: 'unauthenticated' });
      await http.get('/me').set('Cookie', cookie(kept)).expect(200, { memberId: 'member-1' });

      // the WebSocket upgrade path (no middleware) reads the same view
      const upgrade = { headers: { cookie: cookie(revoked) } } as unknown as Parameters<typeof requestContextOf>[0];
      expect(requestContextOf(upgrade).memberId).toBeNull();
      const other = { headers: { cookie: cookie(kept) } } as unknown as Parameters<typeof requestContextOf>[0];
      expect(requestContextOf(other).memberId).toBe('member-1');
    });
  });
});
