import { createInfrastructure, loadConfig } from '@cn/platform';
import { CommandLookup } from './lookup/command-lookup';

/**
 * `node command-service/dist/rebuild-lookup.js`: clears the command service's own read model (members'
 * addresses and roles, the network settings) and replays it from position 0. Run it with the command
 * service stopped, e.g. after the log was copied into a new EventStoreDB database.
 */
const rebuild = async (): Promise<void> => {
  const infra = await createInfrastructure(loadConfig(process.env), { service: 'command-lookup-rebuild' });
  try {
    const lookup = new CommandLookup(infra);
    await lookup.rebuild();
    await lookup.stop();
    infra.logger.info({ position: lookup.position() }, 'command lookup rebuilt');
  } finally {
    await infra.close();
  }
};

rebuild().catch((error: unknown) => {
  process.stderr.write(`rebuilding the command lookup failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
