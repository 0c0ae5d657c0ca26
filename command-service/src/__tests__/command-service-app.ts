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
  dataDir: string;
  infra: Infrastructure;
  app: INestApplication;
  http: ReturnType<typeof request>;
  /** signs in and answers the cookie and CSRF headers for later calls */
  signIn(email: string, password?: string): Promise<{ memberId: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  /** the service's clock (default: the real one) */
  clock?: () => Date;
  /** another service's DATA_DIR, to run a second instance on the same stores; left in place on close */
  dataDir?: string;
  /** more environment, e.g. TRUST_PROXY */
  env?: Record<string, string>;
}

/** The command service on the embedded adapters in a fresh DATA_DIR (or a given one), seeded with the demo members. */
export const startTestService = async (options: TestServiceOptions = {}): Promise<TestService> => {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cn-command-'));
  const config = loadConfig({ DATA_DIR: dataDir, PASSWORD_SCRYPT_N: '1024', DEMO_SEED: 'true', ...options.env });
  const infra = await createInfrastructure(config, {
    service: 'command-service-test',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await seedDemoIfEmpty(infra);
  const app = await createCommandServiceApp(infra);
  const http = request(app.getHttpServer() as Server);
  return {
    dataDir,
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
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
