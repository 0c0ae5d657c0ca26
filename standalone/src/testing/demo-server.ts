import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { DEMO_PASSWORD } from '@cn/command-service';
import { loadConfig, type PlatformConfig } from '@cn/platform';
import { meilisearchTestRun } from '@cn/platform/search-index';
import { startStandalone, type RunningStandalone } from '../standalone';
import { signInClient, type SignedInClient } from './signed-in-client';

/** the seeded demo accounts a spec signs in: `admin@example.org`, … */
export type DemoAccount = 'admin' | 'member' | 'guest' | 'auditor';
const DEMO_ACCOUNTS: readonly DemoAccount[] = ['admin', 'member', 'guest', 'auditor'];

export interface DemoServer {
  readonly running: RunningStandalone;
  readonly server: Server;
  readonly dataDir: string;
  readonly config: PlatformConfig;
  /** the demo accounts, signed in again after every (re)start */
  readonly clients: Record<DemoAccount, SignedInClient>;
  /** stops the server and starts it again on the same data folder (what survives a restart) */
  restart(): Promise<void>;
}

/**
 * A spec's one-process server on a fresh data folder (scrypt cheap, errors only), started before the
 * spec's tests with the demo accounts signed in, stopped and removed after them. Call it in a `describe`.
 * With MEILI_URL (and MEILI_KEY) set, it searches that Meilisearch server instead of the embedded index,
 * under index names of its own (MEILI_INDEX_PREFIX), deleted when the spec ends, so that the search specs
 * run against it too.
 */
export const useDemoServer = (name: string, env: Record<string, string> = {}): DemoServer => {
  const dataDir = mkdtempSync(join(tmpdir(), `cn-${name}-`));
  const meilisearch = meilisearchTestRun(name);
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: `${name}-spec-secret-0123456789abcdef0123456789abcdef`,
    PORT: '0',
    PASSWORD_SCRYPT_N: '1024',
    LOG_LEVEL: 'error',
    ...meilisearch.env,
    ...env,
  });
  let running: RunningStandalone | null = null;
  const clients = {} as Record<DemoAccount, SignedInClient>;
  const started = (): RunningStandalone => {
    if (!running) throw new Error('the demo server is not running (use it inside a test)');
    return running;
  };
  const start = async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    const server = running.app.getHttpServer() as Server;
    for (const account of DEMO_ACCOUNTS) clients[account] = await signInClient(server, `${account}@example.org`, DEMO_PASSWORD);
  };
  beforeAll(start);
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await meilisearch.removeIndexes();
  });
  return {
    get running() {
      return started();
    },
    get server() {
      return started().app.getHttpServer() as Server;
    },
    dataDir,
    config,
    clients,
    restart: async () => {
      await started().stop();
      running = null;
      await start();
    },
  };
};
