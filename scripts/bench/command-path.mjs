#!/usr/bin/env node
// The command path alone, as `npm run bench` measures it, without the other phases: status commands and
// RSVPs over HTTP (8 members, one stream each; RSVPs on one appointment) beside the raw FULL single append
// of the same run, on a fresh log and on the log grown to each of BENCH_LOG_SIZES, with read-your-write while
// the other writers run and the long stream's first command after a restart.
//   node scripts/bench/command-path.mjs                      (needs `npm run build:server`)
// Knobs: BENCH_MEMBERS (2000), BENCH_COMMANDS (2000), BENCH_LOG_SIZES (200000), BENCH_PORT, BENCH_DATA_DIR,
// BENCH_PROFILE_DIR (runs the server under `node --cpu-prof`, one profile per server start).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { memberNames } from './names.mjs';
import { growLog, measureAtSize, restartAndFirstCommand } from './log-size.mjs';
import { rawSqliteAppend } from './raw-append.mjs';
import { freePort, startServer } from './server.mjs';
import { acceptedOf, cpuMsOf, cpuPerCommand, mainThreadCpuMsOf, perSecond, round, runLoad, summarize } from './stats.mjs';
import { machine } from './report.mjs';
import { rsvpPhase } from './rsvp.mjs';

// BENCH_ROOT: the checkout whose built server is measured (default this one), e.g. an old build to compare with
const root = process.env.BENCH_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const platform = require(join(root, 'platform/dist/index.js'));
const int = (name, fallback) => Number(process.env[name] ?? fallback);
const members = int('BENCH_MEMBERS', 2000);
const commands = int('BENCH_COMMANDS', 2000);
const concurrency = 8;
const phaseMs = 60_000;
const sizes = (process.env.BENCH_LOG_SIZES ?? '200000').split(',').filter(Boolean).map(Number);
const profileDir = process.env.BENCH_PROFILE_DIR;
const progress = (message) => process.stderr.write(`[command-path ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const env = {
  DEMO_SEED: 'true',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
  PASSWORD_SCRYPT_N: '1024',
  NODE_ENV: 'production',
};
const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
if (profileDir) mkdirSync(profileDir, { recursive: true });
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cn-command-path-'));
mkdirSync(dataDir, { recursive: true });
const scratch = mkdtempSync(join(dataDir, 'raw-'));
const password = 'bench-password';
const load = () => Number((require('node:os').loadavg()[0]).toFixed(2));

/** CLOCK_MONOTONIC in µs, the clock of a --cpu-prof profile's samples */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const windows = {};
const timed = async (name, work) => {
  const from = monotonicUs();
  const result = await work();
  windows[name] = `${from}-${monotonicUs()}`;
  if (profileDir) writeFileSync(join(profileDir, 'windows.json'), JSON.stringify(windows, null, 2));
  return result;
};

const statusPhase = async (sessions) => {
  const run = await runLoad({
    total: commands,
    concurrency: sessions.length,
    maxMs: phaseMs,
    task: async (i, w) => (await sessions[w].request('PUT', '/api/v1/members/me/status', { type: i % 2 ? 'online' : 'busy', text: `bench ${i}` })).status,
  });
  return { per_s: perSecond(run.latencies.length, run.durationMs), latency: summarize(run.latencies), outcomes: run.outcomes };
};

/** a phase with the server's CPU time per accepted command beside its rate: on a shared machine the rate follows the neighbours' load, the CPU per command much less */
const withCpu = async (pid, work) => {
  const before = cpuMsOf(pid);
  const mainBefore = mainThreadCpuMsOf(pid);
  const figures = await work();
  const after = cpuMsOf(pid);
  const mainAfter = mainThreadCpuMsOf(pid);
  const accepted = figures.accepted ?? acceptedOf(figures.outcomes);
  return { ...figures, server_cpu_ms_per_command: cpuPerCommand(before, after, accepted), server_main_thread_cpu_ms_per_command: cpuPerCommand(mainBefore, mainAfter, accepted) };
};

const results = { machine: machine(), members, commands, fresh: {}, sizes: {} };
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
progress(`fresh log: server on ${port}, DATA_DIR ${dataDir}`);
let server = await startServer({ root, dataDir, port, env, nodeArgs, readyTimeoutMs: 15 * 60_000 });
const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
const names = memberNames(members);
// BENCH_DATA_DIR kept from an earlier run: its members are registered already
const registeredFile = join(dataDir, 'bench-members.json');
const registered = existsSync(registeredFile) ? JSON.parse(readFileSync(registeredFile, 'utf8')) : [];
if (registered.length === 0) await runLoad({
  total: names.length,
  concurrency,
  maxMs: 10 * phaseMs,
  task: async (i) => {
    const { status, body } = await admin.request('POST', '/administration/members', { user: { ...names[i], password, send_welcome_mail: false, profile_id: null } });
    if (status < 300) registered.push({ ...names[i], id: body.id });
    return status;
  },
});
if (registered.length < members / 2) throw new Error(`only ${registered.length} of ${members} members registered`);
writeFileSync(registeredFile, JSON.stringify(registered));
progress(`${registered.length} members registered`);
const workers = [];
for (const member of registered.slice(0, concurrency)) workers.push(await signIn(server.baseUrl, member.email, password));
// BENCH_FRESH=0: the members are there (BENCH_DATA_DIR of an earlier run), measure only the grown log
const phases = (process.env.BENCH_PHASES ?? 'status,rsvp').split(',');
if (process.env.BENCH_FRESH !== '0') {
  results.fresh.load_before = load();
  results.fresh.status = await timed('fresh status', () => withCpu(server.child.pid, () => statusPhase(workers)));
  if (phases.includes('rsvp')) results.fresh.rsvp = await timed('fresh rsvp', () => withCpu(server.child.pid, () => rsvpPhase({ admin, workers, total: commands, maxMs: phaseMs })));
  results.fresh.load_after = load();
  progress(
    `fresh: status ${results.fresh.status.per_s}/s p95 ${results.fresh.status.latency.p95_ms} ms (${results.fresh.status.server_cpu_ms_per_command} ms server CPU each, ${results.fresh.status.server_main_thread_cpu_ms_per_command} ms in the main thread), RSVP ${results.fresh.rsvp?.per_s}/s (${results.fresh.rsvp?.server_cpu_ms_per_command} ms CPU each, ${results.fresh.rsvp?.server_main_thread_cpu_ms_per_command} ms main thread) (load ${results.fresh.load_after})`,
  );
  await server.stop();
  results.fresh.raw_append = rawSqliteAppend({ path: join(scratch, 'raw-fresh.sqlite'), appends: commands, maxMs: phaseMs });
  progress(`raw append ${results.fresh.raw_append.per_s}/s: status at ${round(results.fresh.status.per_s / results.fresh.raw_append.per_s, 2)}, RSVP at ${round((results.fresh.rsvp?.per_s ?? 0) / results.fresh.raw_append.per_s, 2)}`);
} else {
  await server.stop();
}

const longMember = registered[registered.length - 1];
for (const size of sizes) {
  const grown = await growLog({ platform, dataDir, targetEvents: size, longStream: { memberId: longMember.id, events: Math.round(size / 8) }, members: registered.slice(0, -1).map((m) => m.id) });
  progress(`grown to ${grown.events} events in ${grown.seconds} s`);
  const figures = await measureAtSize({
    root,
    dataDir,
    port,
    env,
    nodeArgs,
    timed,
    admin: { email: 'admin@example.org', password: 'changeme' },
    longStream: { email: longMember.email, password, head: grown.events },
    workers: registered.slice(0, concurrency).map((m) => ({ email: m.email, password })),
    commands,
    concurrency,
    phaseMs,
    progress,
    rsvp: phases.includes('rsvp') ? (sessionsAdmin, sessions) => rsvpPhase({ admin: sessionsAdmin, workers: sessions, total: commands, maxMs: phaseMs }) : undefined,
  });
  figures.warm_restart = await restartAndFirstCommand({ root, dataDir, port, env, nodeArgs, longStream: { email: longMember.email, password } });
  figures.raw_append = rawSqliteAppend({ path: join(scratch, `raw-${size}.sqlite`), appends: commands, maxMs: phaseMs });
  figures.load = load();
  results.sizes[size] = figures;
  progress(
    `${size}: status ${figures.status_per_s}/s (${round(figures.status_per_s / figures.raw_append.per_s, 2)} of raw ${figures.raw_append.per_s}/s; ${figures.status_cpu_ms_per_command} ms server CPU each; ${figures.status_cold_cpu_ms_per_command} ms in the cold round after the restart), RSVP ${figures.rsvp?.per_s}/s (${round((figures.rsvp?.per_s ?? 0) / figures.raw_append.per_s, 2)}; ${figures.rsvp?.server_cpu_ms_per_command} ms CPU each), read-your-write p95 ${figures.read_your_write.p95_ms} ms, first command after restart ${figures.warm_restart.first_command_ms} ms, load ${figures.load}`,
  );
}
server = null;
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
else rmSync(scratch, { recursive: true, force: true });
