import { join } from 'node:path';
import { createInfrastructure, loadConfig } from '@cn/platform';
import { copyLogSealingCredentials, openTarget, reencryptSqliteLog } from './credentials-migration/reencrypt-credentials';
import { CommandLookup } from './lookup/command-lookup';

/**
 * `node command-service/dist/reencrypt-credentials.js [--copy-to esdb://... | --copy-to file.sqlite]`, with the
 * services stopped and the services' environment (DATA_DIR or EVENTSTORE_URL, MONGODB_URL for the keys).
 * Seals the password hashes that events written before credentials were sealed carry in clear text:
 * in place in the embedded SQLite log, or into a copy of any log (`--copy-to`, the way for EventStoreDB,
 * which never rewrites an event). Then rebuilds the command service's lookup; rebuild the projection
 * service's read models with `node projection-service/dist/rebuild.js` afterwards.
 */
const main = async (): Promise<void> => {
  const args = process.argv.slice(2);
  const copyAt = args.indexOf('--copy-to');
  const copyTo = copyAt >= 0 ? args[copyAt + 1] : undefined;
  if (copyAt >= 0 && !copyTo) throw new Error('--copy-to needs an EventStoreDB connection string or an SQLite file');
  const config = loadConfig(process.env);
  const infra = await createInfrastructure(config, { service: 'reencrypt-credentials' });
  try {
    if (copyTo) {
      const target = openTarget(copyTo);
      try {
        const report = await copyLogSealingCredentials(infra.eventStore, target, infra.cipher);
        infra.logger.info({ ...report, copyTo }, 'log copied with sealed credentials: point EVENTSTORE_URL at the copy and rebuild the read models');
      } finally {
        await target.close();
      }
      return;
    }
    if (config.eventStoreUrl) throw new Error('EventStoreDB never rewrites an event: copy the log with --copy-to esdb://<new database>');
    const report = await reencryptSqliteLog(join(config.dataDir, 'events.sqlite'), infra.cipher);
    infra.logger.info(report, 'credentials sealed in the event log; rebuilding the command lookup');
    const lookup = new CommandLookup(infra);
    await lookup.rebuild();
    await lookup.stop();
    infra.logger.info('done: now rebuild the read models with node projection-service/dist/rebuild.js');
  } finally {
    await infra.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`reencrypt-credentials failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
