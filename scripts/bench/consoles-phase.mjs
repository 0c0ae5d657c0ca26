#!/usr/bin/env node
// The realtime fan-out's cost on the command path alone (`npm run bench` phase 1d without the other phases):
// 8 members send status commands, alternately with no console open and with BENCH_CONSOLES member consoles
// on the realtime WebSocket (watching what the bench's consoles watch), BENCH_ROUNDS times. Prints each
// phase's rate, the server's CPU per accepted command (all its threads, from /proc) and the bench process's
// own CPU (the consoles' client shares the machine), and the messages the consoles got by collection. Then,
// unless BENCH_STORM=0, a connect storm: BENCH_CONSOLES other members' consoles connect one after another
// while the status commands run (each a member coming online), against the rate without consoles.
//   node scripts/bench/consoles-phase.mjs                      (needs `npm run build:server`)
// Knobs: BENCH_CONSOLES (200), BENCH_COMMANDS (2000), BENCH_ROUNDS (2), BENCH_SETTLE_MS (0), BENCH_CONSOLE_TOPICS (activities,widgetbars,widgetbars_online), BENCH_ROOT, BENCH_PORT, BENCH_PROFILE_DIR (the
// server under `node --cpu-prof`; the phases' windows in windows.json).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { openConsoles } from './consoles.mjs';
import { memberNames } from './names.mjs';
import { freePort, startServer } from './server.mjs';
import { acceptedOf, cpuMsOf, cpuPerCommand, perSecond, round, runLoad, summarize } from './stats.mjs';

// BENCH_ROOT: run an earlier build (a copy of its `*/dist` and `package.json` with a `node_modules` whose
// `@cn/*` links point at the copy) to compare builds in alternate runs
const root = process.env.BENCH_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const int = (name, fallback) => Number(process.env[name] ?? fallback);
const consoleCount = int('BENCH_CONSOLES', 200);
const commands = int('BENCH_COMMANDS', 2000);
const rounds = int('BENCH_ROUNDS', 2);
const settleMs = int('BENCH_SETTLE_MS', 0);
const storm = process.env.BENCH_STORM !== '0';
// what a console on the start page watches: its activity stream and the dashboard's widget bar (which shows online members)
const consoleTopics = (process.env.BENCH_CONSOLE_TOPICS ?? 'activities,widgetbars,widgetbars_online').split(',').filter(Boolean);
const concurrency = 8;
const profileDir = process.env.BENCH_PROFILE_DIR;
const progress = (message) => process.stderr.write(`[consoles ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const load = () => Number(loadavg()[0].toFixed(2));

const env = { DEMO_SEED: 'true', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PASSWORD_SCRYPT_N: '1024', NODE_ENV: 'production' };
const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
if (profileDir) mkdirSync(profileDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'cn-consoles-'));
const password = 'bench-password';
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const windows = {};

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const server = await startServer({ root, dataDir, port, env, nodeArgs });
const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
// a storm's members come online for the first time: each round's storm has members of its own
const names = memberNames(concurrency + consoleCount * (storm ? 1 + rounds : 1));
const registered = [];
await runLoad({
  total: names.length,
  concurrency,
  maxMs: 600_000,
  task: async (i) => {
    const { status, body } = await admin.request('POST', '/administration/members', { user: { ...names[i], password, send_welcome_mail: false, profile_id: null } });
    if (status < 300) registered.push({ ...names[i], id: body.id });
    return status;
  },
});
progress(`${registered.length} members registered (load ${load()})`);
const workers = [];
for (const member of registered.slice(0, concurrency)) workers.push(await signIn(server.baseUrl, member.email, password));
const consoleMembers = registered.slice(concurrency, concurrency + consoleCount);

const phase = async (name) => {
  const from = monotonicUs();
  const serverBefore = cpuMsOf(server.child.pid);
  const ownBefore = process.cpuUsage();
  const run = await runLoad({
    total: commands,
    concurrency,
    maxMs: 120_000,
    task: async (i, w) => (await workers[w].request('PUT', '/api/v1/members/me/status', { type: i % 2 ? 'online' : 'busy', text: `bench ${i}` })).status,
  });
  const accepted = acceptedOf(run.outcomes);
  const own = process.cpuUsage(ownBefore);
  windows[name] = `${from}-${monotonicUs()}`;
  if (profileDir) writeFileSync(join(profileDir, 'windows.json'), JSON.stringify(windows, null, 2));
  return {
    per_s: perSecond(accepted, run.durationMs),
    p95_ms: summarize(run.latencies).p95_ms,
    server_cpu_ms_per_command: cpuPerCommand(serverBefore, cpuMsOf(server.child.pid), accepted),
    bench_cpu_ms_per_command: round((own.user + own.system) / 1000 / accepted, 3),
    outcomes: run.outcomes,
    load: load(),
  };
};

const results = { consoles: consoleCount, commands, rounds: [] };
try {
  // the first phase of a fresh server runs cold (JIT, caches): not compared
  const warm = await phase('warm-up');
  progress(`warm-up: ${warm.per_s}/s, server ${warm.server_cpu_ms_per_command} ms CPU/command`);
  for (let r = 0; r < rounds; r += 1) {
    const without = await phase(`round ${r} without consoles`);
    progress(`round ${r} without: ${without.per_s}/s, p95 ${without.p95_ms} ms, server ${without.server_cpu_ms_per_command} ms CPU/command, bench ${without.bench_cpu_ms_per_command} (load ${without.load})`);
    const connectFrom = monotonicUs();
    const connectCpu = cpuMsOf(server.child.pid);
    const consoles = await openConsoles(server.baseUrl, consoleMembers, password, consoleTopics, { byCollection: true });
    // BENCH_SETTLE_MS: let the connections' own pushes (presence of the members coming online) settle before
    // measuring; `npm run bench` starts at once (0)
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    windows[`round ${r} connect`] = `${connectFrom}-${monotonicUs()}`;
    const connectCpuMs = cpuMsOf(server.child.pid) - connectCpu;
    const settled = consoles.received();
    const settledBy = { ...consoles.byCollection() };
    const withConsoles = await phase(`round ${r} with consoles`);
    const messages = consoles.received() - settled;
    const by = Object.fromEntries(Object.entries(consoles.byCollection()).map(([collection, count]) => [collection, count - (settledBy[collection] ?? 0)]));
    await consoles.close();
    const ratio = round(withConsoles.per_s / without.per_s, 3);
    const outcome = { without, with: { ...withConsoles, messages, messages_by_collection: by, frames: consoles.frames(), on_connect: settled, connect_server_cpu_ms: connectCpuMs }, ratio };
    results.rounds.push(outcome);
    progress(
      `round ${r} with ${consoleCount}: ${withConsoles.per_s}/s (${ratio} of without), p95 ${withConsoles.p95_ms} ms, server ${withConsoles.server_cpu_ms_per_command} ms CPU/command, bench ${withConsoles.bench_cpu_ms_per_command}; ${messages} messages ${JSON.stringify(by)} (${settled} on connecting, ${connectCpuMs} ms server CPU) (load ${withConsoles.load})`,
    );
    if (storm) {
      const stormMembers = registered.slice(concurrency + consoleCount * (1 + r), concurrency + consoleCount * (2 + r));
      let stormConsoles = null;
      const [during] = await Promise.all([
        phase(`round ${r} storm`),
        openConsoles(server.baseUrl, stormMembers, password, consoleTopics, { byCollection: true }).then((opened) => {
          stormConsoles = opened;
        }),
      ]);
      const stormMessages = stormConsoles?.received() ?? 0;
      const stormBy = stormConsoles?.byCollection() ?? {};
      const stormFrames = stormConsoles?.frames() ?? 0;
      await stormConsoles?.close();
      outcome.storm = { ...during, messages: stormMessages, messages_by_collection: stormBy, frames: stormFrames, ratio: round(during.per_s / without.per_s, 3) };
      progress(
        `round ${r} storm of ${stormMembers.length}: ${during.per_s}/s (${outcome.storm.ratio} of without), p95 ${during.p95_ms} ms, server ${during.server_cpu_ms_per_command} ms CPU/command; ${stormMessages} messages in ${stormFrames} frames ${JSON.stringify(stormBy)} (load ${during.load})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
} finally {
  await server.stop();
}
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
