import { createInfrastructure, loadConfig } from '@cn/platform';
import { createProjectionRuntime } from './projection-runtime';

/**
 * `node projection-service/dist/rebuild.js`: clears every read model of the projection service and replays
 * the whole event log from position 0. Run it while the projection service is stopped.
 */
const rebuild = async (): Promise<void> => {
  const infra = await createInfrastructure(loadConfig(process.env), { service: 'projection-service-rebuild' });
  try {
    const runtime = createProjectionRuntime(infra);
    const head = await infra.eventStore.headPosition();
    infra.logger.info({ head }, 'rebuilding the read models');
    await runtime.rebuild();
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
