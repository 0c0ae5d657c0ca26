import type { DynamicModule, INestApplication } from '@nestjs/common';
import type * as NestCore from '@nestjs/core';
import type pino from 'pino';
import { applyHttpKit, drainInFlight } from '@cn/platform/http';
import { createInfrastructure, loadConfig, type Infrastructure } from './infrastructure';
import { usePrivateFileModes } from '@cn/platform/files';
import { storageHealth } from '@cn/platform/storage';

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a service is run, not with the platform: a rebuild never makes a Nest application */
const nestCore = (): typeof NestCore => require('@nestjs/core') as typeof NestCore;

export interface StartedService {
  logger: Pick<pino.Logger, 'info' | 'error'>;
  /** stop accepting, finish what is in flight, stop projectors, close the adapters */
  stop(): Promise<void>;
}

/**
 * The life of a service process: start it, stop it gracefully on the first SIGTERM or SIGINT, exit 0
 * when stopped and 1 when starting or stopping failed. Every entry point (the three services and the
 * standalone runner) runs through it, so they shut down alike.
 */
/**
 * A storage fault that escaped to the process (a background write of some library) must not end it: the
 * service answers 503 and turns unready until writes succeed again. Any other escaped error still ends the
 * process, as Node would.
 */
const keepRunningThroughStorageFaults = (name: string): void => {
  const report = (kind: string, error: unknown): void => {
    process.stderr.write(`${JSON.stringify({ level: 40, service: name, msg: `${kind}: storage fault, service goes on`, err: String(error) })}\n`);
  };
  process.on('unhandledRejection', (reason) => {
    if (!storageHealth.noteFault(reason)) throw reason;
    report('unhandled rejection', reason);
  });
  process.on('uncaughtException', (error) => {
    if (storageHealth.noteFault(error)) {
      report('uncaught exception', error);
      return;
    }
    process.stderr.write(`${name}: uncaught exception: ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
};

export const runService = (name: string, start: () => Promise<StartedService>): void => {
  // before any file is written: the data folder's files are private to the service's account
  usePrivateFileModes();
  keepRunningThroughStorageFaults(name);
  start().then(
    (service) => {
      let stopping = false;
      const shutdown = (signal: NodeJS.Signals): void => {
        if (stopping) return;
        stopping = true;
        service.logger.info({ signal }, `${name} shutting down`);
        service.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            service.logger.error({ err: error }, `${name}: shutdown failed`);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    },
    (error: unknown) => {
      process.stderr.write(`${name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
};

/**
 * A read-side service as its own process: its Nest module on the configured adapters behind the HTTP
 * kit, ready once `start` (projectors, realtime) has run; stopping drains requests first.
 */
export const runReadService = (
  name: string,
  register: (infra: Infrastructure) => DynamicModule,
  start: (app: INestApplication, infra: Infrastructure) => Promise<{ stop(): Promise<void> }>,
): void =>
  runService(name, async () => {
    const config = loadConfig(process.env);
    const infra = await createInfrastructure(config, { service: name });
    const app = await nestCore().NestFactory.create(register(infra), { logger: ['error', 'warn'] });
    let running = false;
    applyHttpKit(app, {
      session: config.session,
      logger: infra.logger,
      metrics: infra.metrics,
      trustProxy: config.trustProxy,
      metricsAccess: config.metrics,
      mapTileUrl: config.mapTileUrl,
      formActions: config.wopi?.allowedOrigins,
      readiness: () => Promise.resolve(running),
    });
    await app.listen(config.port);
    const service = await start(app, infra);
    running = true;
    infra.logger.info({ port: config.port }, `${name} listening`);
    return {
      logger: infra.logger,
      stop: async () => {
        await drainInFlight(app);
        await service.stop();
        await app.close();
        await infra.close();
      },
    };
  });
