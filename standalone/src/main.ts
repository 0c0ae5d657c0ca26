import 'reflect-metadata';
import { join } from 'node:path';
import { loadConfig, runService } from '@cn/platform';
import { startStandalone } from './standalone';

/** `npm start`: every service in one process on one port, on the embedded adapters unless configured otherwise. */
runService('standalone', async () => {
  const config = loadConfig(process.env);
  const running = await startStandalone(config, { repositoryRoot: join(__dirname, '..', '..') });
  running.logger.info({ url: running.url, dataDir: config.dataDir, consoles: running.consoles }, 'listening');
  return { logger: running.logger, stop: () => running.stop() };
});
