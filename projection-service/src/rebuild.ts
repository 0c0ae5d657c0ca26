import { createInfrastructure, loadConfig } from '@cn/platform';
import { createProjectionRuntime } from './projection-runtime';

/**
 * `node projection-service/dist/rebuild.js [--projection <name>]...`: clears the read models of the
 * projection service (every one, or the named ones: `appointments`, `audit`, ...) and replays the event log
 * into them from position 0; the others keep their documents and checkpoints. Run it while the projection
 * service is stopped.
 */
const only = (argv: readonly string[]): string[] | undefined => {
  const names = argv.flatMap((arg, i) => (arg === '--projection' && argv[i + 1] ? [argv[i + 1]] : arg.startsWith('--projection=') ? [arg.slice(13)] : []));
  return names.length > 0 ? names : undefined;
};

const rebuild = async (): Promise<void> => {
  const infra = await createInfrastructure(loadConfig(process.env), { service: 'projection-service-rebuild' });
  try {
    const runtime = createProjectionRuntime(infra);
    const head = await infra.eventStore.headPosition();
    const names = only(process.argv.slice(2));
    infra.logger.info({ head, readModels: names ?? 'all' }, 'rebuilding the read models');
    await runtime.rebuild(names);
    await runtime.stop();
    infra.logger.info({ positions: runtime.projectors.map((p) => ({ projector: p.name, position: p.position() })) }, 'read models rebuilt');
  } finally {
    await infra.close();
  }
};

rebuild().catch((error: unknown) => {
  process.stderr.write(`rebuild failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
