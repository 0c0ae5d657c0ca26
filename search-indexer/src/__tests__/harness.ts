import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SESSION_COOKIE, eventRegistry, memberStream, type MemberRoles } from '@cn/contracts';
import { applyHttpKit, createInfrastructure, createSessionToken, loadConfig, type Infrastructure } from '@cn/platform';
import { SearchIndexerModule } from '../search-indexer.module';
import { startSearchIndexer, type RunningSearchIndexer } from '../search-indexer';

export interface SearchHarness {
  app: INestApplication;
  infra: Infrastructure;
  indexer: RunningSearchIndexer;
  server: Server;
  append(streamId: string, type: string, data: Record<string, unknown>, memberId: string | null): Promise<number>;
  register(id: string, first: string, last: string, roles?: Partial<MemberRoles>): Promise<number>;
  cookie(memberId: string): string;
  /** stops the app but keeps the data directory (restart test) */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export const startSearchHarness = async (dir = mkdtempSync(join(tmpdir(), 'cn-search-'))): Promise<SearchHarness & { dir: string }> => {
  const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'search-indexer-test-secret-0123456789abcdef', PORT: '0' });
  const infra = await createInfrastructure(config, { service: 'search-indexer-test' });
  const app = await NestFactory.create(SearchIndexerModule.register(infra), { logger: false });
  applyHttpKit(app, { session: config.session, logger: infra.logger, metrics: infra.metrics, readiness: () => Promise.resolve(true) });
  await app.init();
  const indexer = await startSearchIndexer(app);

  const append: SearchHarness['append'] = async (streamId, type, data, memberId) =>
    (
      await infra.eventStore.append(
        streamId,
        [
          {
            id: randomUUID(),
            type,
            data,
            metadata: {
              memberId,
              occurredAt: new Date().toISOString(),
              correlationId: randomUUID(),
              causationId: randomUUID(),
              schemaVersion: eventRegistry.get(type)?.version ?? 1,
            },
          },
        ],
        { expectedRevision: 'any' },
      )
    ).position;

  const stop = async (): Promise<void> => {
    await indexer.stop();
    await app.close();
    await infra.close();
  };
  return {
    dir,
    app,
    infra,
    indexer,
    server: app.getHttpServer() as Server,
    append,
    register: async (id, first, last, roles = {}) =>
      append(
        memberStream(id),
        'MemberRegistered',
        {
          member_id: id,
          email: await infra.cipher.encrypt(id, `${id}@example.org`),
          first_name: await infra.cipher.encrypt(id, first),
          last_name: await infra.cipher.encrypt(id, last),
          password_hash: await infra.cipher.sealSecret(id, 'not-used'),
          roles: { network_admin: false, auditor: false, external: false, ...roles },
        },
        null,
      ),
    cookie: (memberId) => `${SESSION_COOKIE}=${encodeURIComponent(createSessionToken(memberId, config.session))}`,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
