import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createInfrastructure, REVOKED_SESSIONS, verifySessionToken, type Infrastructure } from '@cn/platform';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { createCommandServiceApp } from '../../command-service';

const STATUS = { type: 'busy', text: 'in a meeting' };

describe('signing out ends the session everywhere', () => {
  let service: TestService;
  // a second command service on the same data, standing for another process with its own revocation view
  let otherInfra: Infrastructure;
  let other: INestApplication;
  // the other process's clock runs ahead when the test moves it, instead of the test waiting
  let otherAhead = 0;
  beforeAll(async () => {
    service = await startTestService();
    otherInfra = await createInfrastructure(service.infra.config, {
      service: 'command-service-other',
      clock: () => new Date(Date.now() + otherAhead),
    });
    other = await createCommandServiceApp(otherInfra);
  });
  afterAll(async () => {
    await other.close();
    await otherInfra.close();
    await service.close();
  });

  it('refuses a copy of the signed-out cookie while another session of the member keeps working', async () => {
    const copied = await service.signIn('member@example.org');
    const second = await service.signIn('member@example.org');
    const otherHttp = request(other.getHttpServer() as Server);
    await service.http.put('/api/v1/members/me/status').set(copied.headers).send(STATUS).expect(200);
    await otherHttp.put('/api/v1/members/me/status').set(copied.headers).send(STATUS).expect(200);

    await service.http.delete('/users/sign_out').set(copied.headers).expect(204);

    const refused = await service.http.put('/api/v1/members/me/status').set(copied.headers).send(STATUS).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, error: 'unauthenticated', errors: [] });
    await service.http.put('/api/v1/members/me/status').set(second.headers).send(STATUS).expect(200);

    // the other process sees the revocation once its view is older than the refresh period
    otherAhead += 1_050;
    await otherHttp.put('/api/v1/members/me/status').set(copied.headers).send(STATUS).expect(401);
    await otherHttp.put('/api/v1/members/me/status').set(second.headers).send(STATUS).expect(200);

    // recorded by session id with the token's expiry, so that a sweep may drop it once the token is dead anyway
    const token = decodeURIComponent(copied.headers['Cookie'].split('=')[1] ?? '');
    const verified = verifySessionToken(token, service.infra.config.session);
    expect(verified).not.toBeNull();
    const entry = await service.infra.documentStore.collection(REVOKED_SESSIONS).get(verified?.sessionId ?? '');
    expect(entry).toMatchObject({ expires_at: verified?.expiresAt });
  });

  it('signing out again with the revoked cookie is harmless', async () => {
    const { headers } = await service.signIn('member@example.org');
    await service.http.delete('/users/sign_out').set(headers).expect(204);
    await service.http.delete('/users/sign_out').set(headers).expect(204);
  });
});
