#!/usr/bin/env node
// `node scripts/bench/rebuild.mjs [events] [repetitions]`: the projection rebuild beside `readAll` of the same
// log, alternated several times in one run (a shared machine: compare the ratio, not the rates). The log is
// seeded once (the standalone server's demo seed) and grown offline as `npm run bench` grows it; it is kept
// in BENCH_REBUILD_DIR (default a temp folder) so that a later run measures the same log.
// BENCH_REBUILD_PORT chooses the seeding server's port (default: one the system hands out).
// BENCH_REBUILD_PROFILE=1 runs each rebuild under `node --cpu-prof` (profiles in the data folder's parent).
// BENCH_REBUILD_BASELINE=<folder> also runs that folder's projection-service/dist/rebuild.js (an earlier build
// with its own node_modules/@cn) in each repetition, so that before and after share the machine's moment.
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { growLog } from './log-size.mjs';
import { freePort, startServer } from './server.mjs';
import { logTimes, perSecond, round } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const platform = require(join(root, 'platform/dist/index.js'));
const events = Number(process.argv[2] ?? 100_000);
const repetitions = Number(process.argv[3] ?? 3);
const home = process.env.BENCH_REBUILD_DIR ?? mkdtempSync(join(tmpdir(), 'cn-rebuild-'));
const dataDir = join(home, 'data');
const env = { DEMO_SEED: 'true', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PASSWORD_SCRYPT_N: '1024', NODE_ENV: 'production' };
const progress = (message) => process.stderr.write(`[rebuild ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const seeded = async () => {
  if (existsSync(join(dataDir, 'events.sqlite'))) return;
  mkdirSync(dataDir, { recursive: true });
  progress(`seeding ${dataDir}`);
  const port = process.env.BENCH_REBUILD_PORT ? Number(process.env.BENCH_REBUILD_PORT) : await freePort();
  const server = await startServer({ root, dataDir, port, env, readyTimeoutMs: 120_000 });
  await server.stop(60_000);
};

const memberIds = async () => {
  const store = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const ids = new Set();
  for (let after = 0; ; ) {
    const batch = await store.readAll({ after, limit: 2000 });
    if (batch.length === 0) break;
    for (const event of batch) if (event.type === 'MemberRegistered') ids.add(event.data.member_id ?? event.streamId.replace(/^member-/, ''));
    after = batch[batch.length - 1].position;
  }
  await store.close();
  return [...ids];
};

const readAllRate = async () => {
  const source = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  let count = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let after = 0; ; ) {
    const batch = await source.readAll({ after, limit: 500 });
    if (batch.length === 0) break;
    count += batch.length;
    after = batch[batch.length - 1].position;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await source.close();
  return { count, per_s: perSecond(count, ms), cpu_per_s: perSecond(count, (cpu.user + cpu.system) / 1000) };
};

/** user + system CPU time of a running process, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms) */
const cpuMsOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};

const rebuild = (profile, base = root) =>
  new Promise((resolve, reject) => {
    const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${join(home, 'profiles')}`] : []), join(base, 'projection-service/dist/rebuild.js')];
    const started = performance.now();
    let out = '';
    const child = spawn(process.execPath, args, { cwd: base, env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    // the CPU time the process (every thread) used between the replay's two log lines, read as they arrive
    const cpu = {};
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const text = String(chunk);
      if (text.includes('"msg":"rebuilding the read models"')) cpu.start ??= cpuMsOf(child.pid);
      if (text.includes('"msg":"read models rebuilt"')) cpu.end ??= cpuMsOf(child.pid);
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`rebuild exited with ${code}:\n${out.slice(-3000)}`));
      const times = logTimes(out);
      const replayMs = times['read models rebuilt'] - times['rebuilding the read models'];
      const replayCpuMs = cpu.start !== undefined && cpu.end !== undefined ? cpu.end - cpu.start : null;
      resolve({ process_ms: round(ms, 0), replay_ms: Number.isFinite(replayMs) ? replayMs : null, replay_cpu_ms: replayCpuMs });
    });
  });

await seeded();
const members = await memberIds();
const longMember = members[0];
progress(`${members.length} members; growing the log to ${events} events`);
const grown = await growLog({ platform, dataDir, targetEvents: events, longStream: { memberId: longMember, events: Math.round(events / 8) }, members: members.slice(1) });
progress(`log of ${grown.events} events (${grown.appended} appended in ${grown.seconds} s)`);
const rows = [];
const baselineRows = [];
const baseline = process.env.BENCH_REBUILD_BASELINE;
for (let i = 0; i < repetitions; i += 1) {
  const before = await readAllRate();
  if (baseline) {
    const old = await rebuild(false, baseline);
    const oldReplay = perSecond(before.count, old.replay_ms);
    const oldCpu = old.replay_cpu_ms ? perSecond(before.count, old.replay_cpu_ms) : null;
    baselineRows.push({ readAll: before.per_s, replay: oldReplay, withStart: perSecond(before.count, old.process_ms), cpu: oldCpu, readAllCpu: before.cpu_per_s });
    progress(
      `#${i + 1} baseline: rebuild ${oldReplay} events/s replay (${round(oldReplay / before.per_s, 3)} of readAll), ${perSecond(before.count, old.process_ms)} with process start (${round(perSecond(before.count, old.process_ms) / before.per_s, 3)}); on CPU time ${oldCpu} events/s (${round(oldCpu / before.cpu_per_s, 3)} of readAll's)`,
    );
  }
  const built = await rebuild(process.env.BENCH_REBUILD_PROFILE === '1');
  const after = await readAllRate();
  const readAll = (before.per_s + after.per_s) / 2;
  const replay = built.replay_ms === null ? null : perSecond(before.count, built.replay_ms);
  const withStart = perSecond(before.count, built.process_ms);
  const readAllCpu = (before.cpu_per_s + after.cpu_per_s) / 2;
  const cpu = built.replay_cpu_ms ? perSecond(before.count, built.replay_cpu_ms) : null;
  rows.push({ readAll, replay, withStart, cpu, readAllCpu });
  progress(
    `#${i + 1}: readAll ${round(readAll, 0)} events/s; rebuild ${replay} events/s replay (${round(replay / readAll, 3)} of readAll), ${withStart} with process start (${round(withStart / readAll, 3)}); on CPU time readAll ${round(readAllCpu, 0)} events/s, rebuild ${cpu} events/s (${round(cpu / readAllCpu, 3)})`,
  );
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = {
  data: dataDir,
  events: grown.events,
  repetitions,
  read_all_per_s: round(median(rows.map((row) => row.readAll)), 0),
  rebuild_replay_per_s: median(rows.map((row) => row.replay)),
  replay_ratio: round(median(rows.map((row) => row.replay / row.readAll)), 3),
  with_start_ratio: round(median(rows.map((row) => row.withStart / row.readAll)), 3),
  // the same on CPU time (the rebuild process's every thread, readAll's own): a loaded machine inflates
  // wall times unevenly between a short readAll and a long rebuild
  replay_cpu_ratio: round(median(rows.map((row) => row.cpu / row.readAllCpu)), 3),
  ...(baseline
    ? {
        baseline_replay_per_s: median(baselineRows.map((row) => row.replay)),
        baseline_replay_ratio: round(median(baselineRows.map((row) => row.replay / row.readAll)), 3),
        baseline_with_start_ratio: round(median(baselineRows.map((row) => row.withStart / row.readAll)), 3),
        baseline_replay_cpu_ratio: round(median(baselineRows.map((row) => row.cpu / row.readAllCpu)), 3),
        // new / old replay rate within each repetition (the same moment of the machine)
        paired_speedups: rows.map((row, i) => round(row.replay / baselineRows[i].replay, 2)),
        paired_cpu_speedups: rows.map((row, i) => round(row.cpu / baselineRows[i].cpu, 2)),
        // the whole process (its start and close included): what `npm run bench` reports at each log size
        paired_with_start_speedups: rows.map((row, i) => round(row.withStart / baselineRows[i].withStart, 2)),
      }
    : {}),
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
