import type { Server } from 'node:http';
import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type express from 'express';
import type pino from 'pino';
import { applyHttpKit, createInfrastructure, drainInFlight, sharedReader, type Infrastructure, type PlatformConfig } from '@cn/platform';
import { ChatCommandGateway, COMMAND_SERVICE_CSRF_EXEMPT, CommandServiceModule, nestLoggerOf, seedDemoIfEmpty } from '@cn/command-service';
import { createProjectionRuntime, ProjectionServiceModule, startProjectionService } from '@cn/projection-service';
import { createSearchRuntime, SearchIndexerModule, startSearchIndexer } from '@cn/search-indexer';
import { consoleBundles, serveConsoles } from './static-consoles';

/** The three services as one Nest application: the routes are disjoint, the adapters shared. */
@Module({})
export class StandaloneModule {
  static register(infra: Infrastructure): DynamicModule {
    // the projection service's two projectors and the search indexer's catch up side by side through one
    // reader of the log: each batch is read, parsed and checked once for the three
    const catchUpSource = sharedReader(infra.eventStore, 3);
    return {
      module: StandaloneModule,
      imports: [
        CommandServiceModule.register(infra),
        ProjectionServiceModule.register(infra, createProjectionRuntime(infra, undefined, { catchUpSource })),
        SearchIndexerModule.register(infra, createSearchRuntime(infra, undefined, { catchUpSource })),
      ],
    };
  }
}

export interface RunningStandalone {
  app: INestApplication;
  infra: Infrastructure;
  url: string;
  logger: pino.Logger;
  /** mount paths of the consoles found built on disk */
  consoles: string[];
  /** stop accepting, finish in-flight commands, stop projectors, close the adapters */
  stop(drainTimeoutMs?: number): Promise<void>;
}

export const startStandalone = async (
  config: PlatformConfig,
  options: { repositoryRoot: string; host?: string },
): Promise<RunningStandalone> => {
  const infra = await createInfrastructure(config, { service: 'standalone' });
  let projectorsStarted = false;
  if (await seedDemoIfEmpty(infra)) infra.logger.info('first start: demo network seeded');
  const app = await NestFactory.create(StandaloneModule.register(infra), {
    logger: nestLoggerOf(infra.logger),
    abortOnError: false,
  });
  applyHttpKit(app, {
    session: config.session,
    logger: infra.logger,
    metrics: infra.metrics,
    trustProxy: config.trustProxy,
    metricsAccess: config.metrics,
    mapTileUrl: config.mapTileUrl,
    formActions: config.wopi?.allowedOrigins,
    // unready until the projectors have caught up with the log; the port answers meanwhile (reads with their position)
    readiness: async () => {
      await infra.eventStore.headPosition();
      return projectorsStarted;
    },
    csrfExempt: COMMAND_SERVICE_CSRF_EXEMPT,
  });
  const consoles = serveConsoles(app.getHttpAdapter().getInstance() as express.Express, consoleBundles(options.repositoryRoot));
  await app.init();
  await app.listen(config.port, options.host ?? '0.0.0.0');
  // side by side: their catch-ups share the reader's batches (StandaloneModule)
  const [projection, search] = await Promise.all([
    startProjectionService(app, infra, { realtimeServer: app.getHttpServer() as Server, chatCommands: app.get(ChatCommandGateway) }),
    startSearchIndexer(app),
  ]);
  projectorsStarted = true;
  const url = `http://localhost:${config.port}`;
  return {
    app,
    infra,
    url,
    logger: infra.logger,
    consoles,
    stop: async (drainTimeoutMs = 10_000) => {
      if (!(await drainInFlight(app, drainTimeoutMs))) infra.logger.warn('stopping with requests still in flight');
      await projection.stop();
      await search.stop();
      await app.close();
      await infra.close();
    },
  };
};
