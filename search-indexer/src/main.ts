import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { applyHttpKit, createInfrastructure, drainInFlight, loadConfig, runService } from '@cn/platform';
import { SearchIndexerModule } from './search-indexer.module';
import { startSearchIndexer } from './search-indexer';

/** The search indexer as its own process: search API and the search projector. */
runService('search-indexer', async () => {
  const config = loadConfig(process.env);
  const infra = await createInfrastructure(config, { service: 'search-indexer' });
  const app = await NestFactory.create(SearchIndexerModule.register(infra), { logger: ['error', 'warn'] });
  let running = false;
  applyHttpKit(app, {
    session: config.session,
    logger: infra.logger,
    metrics: infra.metrics,
    readiness: () => Promise.resolve(running),
  });
  await app.listen(config.port);
  const service = await startSearchIndexer(app);
  running = true;
  infra.logger.info({ port: config.port }, 'search-indexer listening');

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
