import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { applyHttpKit, createInfrastructure, drainInFlight, loadConfig, runService } from '@cn/platform';
import { ProjectionServiceModule } from './projection-service.module';
import { startProjectionService } from './projection-service';

/** The projection service as its own process: query API, projectors and the realtime socket. */
runService('projection-service', async () => {
  const config = loadConfig(process.env);
  const infra = await createInfrastructure(config, { service: 'projection-service' });
  const app = await NestFactory.create(ProjectionServiceModule.register(infra), { logger: ['error', 'warn'] });
  let running = false;
  applyHttpKit(app, {
    session: config.session,
    logger: infra.logger,
    metrics: infra.metrics,
    readiness: () => Promise.resolve(running),
  });
  await app.listen(config.port);
  const service = await startProjectionService(app, infra);
  running = true;
  infra.logger.info({ port: config.port }, 'projection-service listening');

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
