import type pino from 'pino';

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
export const runService = (name: string, start: () => Promise<StartedService>): void => {
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
