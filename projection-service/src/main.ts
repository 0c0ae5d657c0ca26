import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { applyHttpKit, createInfrastructure, drainInFlight, loadConfig } from '@cn/platform';
import { ProjectionServiceModule } from './projection-service.module';
import { startProjectionService } from './projection-service';

/** The projection service as its own process: query API, projectors and the realtime socket. */
const main = async (): Promise<void> => {
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

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    infra.logger.info({ signal }, 'projection-service shutting down');
    await drainInFlight(app);
    await service.stop();
    await app.close();
    await infra.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        infra.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`projection-service failed to start: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
