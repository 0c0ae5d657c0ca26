import type { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type pino from 'pino';
import { applyHttpKit, drainInFlight, type Infrastructure } from '@cn/platform';
import { COMMAND_SERVICE_CSRF_EXEMPT, CommandServiceModule } from './command-service.module';
import { seedDemoIfEmpty } from './seed/seed-demo';

/** Nest's own messages (route mapping, lifecycle) go to the service's pino logger. */
export const nestLoggerOf = (logger: pino.Logger): LoggerService => ({
  log: (message: unknown) => logger.debug({ nest: message }),
  error: (message: unknown, trace?: unknown) => logger.error({ nest: message, trace }),
  warn: (message: unknown) => logger.warn({ nest: message }),
  debug: (message: unknown) => logger.debug({ nest: message }),
  verbose: (message: unknown) => logger.trace({ nest: message }),
});

/** The command service as a Nest application, initialised but not listening (tests, standalone). */
export const createCommandServiceApp = async (infra: Infrastructure): Promise<INestApplication> => {
  const app = await NestFactory.create(CommandServiceModule.register(infra), { logger: nestLoggerOf(infra.logger), abortOnError: false });
  applyHttpKit(app, {
    session: infra.config.session,
    logger: infra.logger,
    metrics: infra.metrics,
    trustProxy: infra.config.trustProxy,
    metricsAccess: infra.config.metrics,
    readiness: async () => {
      await infra.eventStore.headPosition();
      return true;
    },
    csrfExempt: COMMAND_SERVICE_CSRF_EXEMPT,
  });
  await app.init();
  return app;
};

export interface RunningCommandService {
  app: INestApplication;
  /** stop accepting, finish the commands in flight, stop the lookup projector */
  stop(drainTimeoutMs?: number): Promise<void>;
}

export const startCommandService = async (infra: Infrastructure, options: { port?: number } = {}): Promise<RunningCommandService> => {
  if (await seedDemoIfEmpty(infra)) infra.logger.info('first start: demo network seeded');
  const app = await createCommandServiceApp(infra);
  await app.listen(options.port ?? infra.config.port);
  infra.logger.info({ port: options.port ?? infra.config.port }, 'command service listening');
  return {
    app,
    stop: async (drainTimeoutMs = 10_000) => {
      const drained = await drainInFlight(app, drainTimeoutMs);
      if (!drained) infra.logger.warn('shutting down with commands still in flight');
      await app.close();
    },
  };
};
