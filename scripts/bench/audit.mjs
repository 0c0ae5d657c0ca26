// The auditor's figures, measured on the bench's own log once the server is stopped, each beside readAll of
// the same store in the same run (the machine's speed for that log):
//   - readAll events/s: the log read in pages of 2,000, nothing done with the events
//   - verify events/s: the hash chain walked and every link recomputed (the integrity page's 'verify')
//   - replay events/s: every projector of the projection service replayed from 0 into a scratch document
//     store (what the replay-determinism test compares with the live documents)
// Standalone: `node scripts/bench/audit.mjs <DATA_DIR>` after `npm run build:server`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perSecond, round } from './stats.mjs';

const PAGE = 2000;

/** a bus that delivers nothing: the replay reads the log itself and never follows a bus */
const idleBus = { consume: async () => ({ stop: async () => {} }), partitions: async () => 1, resetGroup: async () => {}, close: async () => {} };

export const auditScenario = async ({ root, dataDir, env = {}, progress = () => {} }) => {
  const require = createRequire(import.meta.url);
  const platform = require(join(root, 'platform/dist/index.js'));
  const { createProjectionRuntime } = require(join(root, 'projection-service/dist/index.js'));
  const infra = await platform.createInfrastructure(platform.loadConfig({ ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'error', DEMO_SEED: 'false', PORT: '0' }), {
    service: 'bench-audit',
  });
  const scratch = mkdtempSync(join(tmpdir(), 'cn-bench-audit-'));
  try {
    const head = await infra.eventStore.headPosition();
    progress(`audit: readAll, verify and a full replay over ${head} events`);

    await infra.eventStore.readAll({ after: 0, limit: 1 }); // the first statement's preparation is not the log's speed
    let started = performance.now();
    let read = 0;
    for (let after = 0; ; ) {
      const page = await infra.eventStore.readAll({ after, limit: PAGE });
      if (page.length === 0) break;
      read += page.length;
      after = page[page.length - 1].position;
    }
    const readAll = { events: read, ms: round(performance.now() - started, 0), per_s: perSecond(read, performance.now() - started) };

    let verify = null;
    if (infra.eventStore.verifyChain) {
      started = performance.now();
      const verified = await infra.eventStore.verifyChain(() => {});
      const ms = performance.now() - started;
      verify = { events: verified.checked, intact: verified.firstBreak === null, ms: round(ms, 0), per_s: perSecond(verified.checked, ms) };
    }

    const documentStore = platform.createSqliteDocumentStore({ path: join(scratch, 'replayed.sqlite') });
    const runtime = createProjectionRuntime({ ...infra, documentStore, bus: idleBus });
    started = performance.now();
    await runtime.start();
    const replayMs = performance.now() - started;
    await runtime.stop();
    await documentStore.close();
    const replay = { events: head, read_models: runtime.projectors.reduce((sum, projector) => sum + projector.readModels().length, 0), ms: round(replayMs, 0), per_s: perSecond(head, replayMs) };

    progress(`audit: readAll ${readAll.per_s} events/s, verify ${verify?.per_s ?? 'n/a'} events/s, replay ${replay.per_s} events/s (${replay.read_models} read models)`);
    return {
      read_all: readAll,
      verify,
      replay,
      verify_vs_read_all: verify ? round(verify.per_s / readAll.per_s, 2) : null,
      replay_vs_read_all: round(replay.per_s / readAll.per_s, 2),
    };
  } finally {
    await infra.close();
    rmSync(scratch, { recursive: true, force: true });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    process.stderr.write('usage: node scripts/bench/audit.mjs <DATA_DIR>\n');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const results = await auditScenario({ root, dataDir, env: { SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-audit-secret-0123456789abcdef0123' }, progress: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}
