import 'reflect-metadata';
import { join } from 'node:path';
import { loadConfig } from '@cn/platform';
import { startStandalone } from './standalone';

/** `npm start`: every service in one process on one port, on the embedded adapters unless configured otherwise. */
const main = async (): Promise<void> => {
  const config = loadConfig(process.env);
  const running = await startStandalone(config, { repositoryRoot: join(__dirname, '..', '..') });
  running.logger.info({ url: running.url, dataDir: config.dataDir, consoles: running.consoles }, 'listening');
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    void running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
