import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  DEFAULT_NETWORK_ID,
  SESSION_COOKIE,
  eventRegistry,
  memberStream,
  networkStream,
  type MemberRoles,
} from '@cn/contracts';
import { applyHttpKit, createInfrastructure, createSessionToken, loadConfig, type Infrastructure } from '@cn/platform';
import { ProjectionServiceModule } from '../projection-service.module';
import { startProjectionService, type RunningProjectionService } from '../projection-service';
import { createProjectionRuntime } from '../projection-runtime';
import type { PresenceTimers } from '../realtime/connections';

export interface Harness {
  app: INestApplication;
  infra: Infrastructure;
  service: RunningProjectionService;
  server: Server;
  port: number;
  /** appends one event with proper metadata; answers its global position */
  append(streamId: string, type: string, data: Record<string, unknown>, memberId: string | null, at?: Date): Promise<number>;
  register(id: string, first: string, last: string, roles?: Partial<MemberRoles>): Promise<number>;
  cookie(memberId: string): string;
  close(): Promise<void>;
}

export const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };

/** env: further configuration (e.g. TRANSLATION_URL) */
export const startHarness = async (
  env: NodeJS.ProcessEnv = {},
  /** clock: the services' clock (timed jobs); dir: a data folder to reopen (a restart), kept at close */
  options: { presenceTimers?: PresenceTimers; clock?: () => Date; dir?: string } = {},
): Promise<Harness> => {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'cn-projection-'));
  const config = loadConfig({ ...env, DATA_DIR: dir, SESSION_SECRET: 'projection-service-test-secret-0123456789', PORT: '0' });
  const infra = await createInfrastructure(config, { service: 'projection-service-test', clock: options.clock });
  const app = await NestFactory.create(ProjectionServiceModule.register(infra, createProjectionRuntime(infra, undefined, options)), { logger: false });
  applyHttpKit(app, { session: config.session, logger: infra.logger, metrics: infra.metrics, readiness: () => Promise.resolve(true) });
  await app.listen(0, '127.0.0.1');
  const service = await startProjectionService(app, infra);
  const server = app.getHttpServer() as Server;

  const append: Harness['append'] = async (streamId, type, data, memberId, at = new Date()) => {
    const result = await infra.eventStore.append(
      streamId,
      [
        {
          id: randomUUID(),
          type,
          data,
          metadata: {
            memberId,
            occurredAt: at.toISOString(),
            correlationId: randomUUID(),
            causationId: randomUUID(),
            schemaVersion: eventRegistry.get(type)?.version ?? 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    return result.position;
  };

  return {
    app,
    infra,
    service,
    server,
    port: (server.address() as AddressInfo).port,
    append,
    register: async (id, first, last, roles = {}) =>
      append(
        memberStream(id),
        'MemberRegistered',
        {
          member_id: id,
          email: await infra.cipher.encrypt(id, `${first.toLowerCase()}@example.org`),
          first_name: await infra.cipher.encrypt(id, first),
          last_name: await infra.cipher.encrypt(id, last),
          password_hash: await infra.cipher.sealSecret(id, 'not-used'),
          roles: { ...NO_ROLES, ...roles },
        },
        null,
      ),
    cookie: (memberId) => `${SESSION_COOKIE}=${encodeURIComponent(createSessionToken(memberId, config.session))}`,
    close: async () => {
      await service.stop();
      await app.close();
      await infra.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const networkStreamId = networkStream(DEFAULT_NETWORK_ID);
