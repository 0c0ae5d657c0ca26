import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { CSRF_HEADER, SESSION_COOKIE } from '@cn/contracts';
import { createInfrastructure, csrfTokenFor, loadConfig, type Infrastructure } from '@cn/platform';
import { createCommandServiceApp } from '../command-service';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../seed/seed-demo';

export interface TestService {
  infra: Infrastructure;
  app: INestApplication;
  http: ReturnType<typeof request>;
  /** signs in and answers the cookie and CSRF headers for later calls */
  signIn(email: string, password?: string): Promise<{ memberId: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}

/** The command service on the embedded adapters in a fresh DATA_DIR, seeded with the demo members. */
export const startTestService = async (options: { clock?: () => Date } = {}): Promise<TestService> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-command-'));
  const infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, PASSWORD_SCRYPT_N: '1024', DEMO_SEED: 'true' }), {
    service: 'command-service-test',
    clock: options.clock,
  });
  await seedDemoIfEmpty(infra);
  const app = await createCommandServiceApp(infra);
  const http = request(app.getHttpServer() as Server);
  return {
    infra,
    app,
    http,
    signIn: async (email, password = DEMO_PASSWORD) => {
      const res = await http.post('/users/sign_in').send({ email, password }).expect(200);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const session = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
      if (!session) throw new Error('no session cookie');
      const token = decodeURIComponent(session.slice(SESSION_COOKIE.length + 1).split(';')[0]);
      return {
        memberId: (res.body as { member: { id: string } }).member.id,
        headers: { Cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: csrfTokenFor(token, infra.config.session) },
      };
    },
    close: async () => {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
