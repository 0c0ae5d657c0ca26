#!/usr/bin/env node
// `node scripts/bench/catch-up.mjs [grown events] [repetitions]` (after `npm run build:server`): a restart's
// catch-up beside a full rebuild of the same log, alternated in one run (a shared machine: compare the
// rates of one repetition, not of two runs). The bench's growth row, alone: a data folder is seeded (the demo
// network, BENCH_CATCHUP_MEMBERS members registered), its read models caught up, then the log is grown
// offline by `grown events` (members' presence changes, one long stream) and kept as a template in
// BENCH_CATCHUP_DIR (default a temp folder; a later run with the same folder measures the same log).
// Each repetition copies the template, starts the server (catch-up: spawn to `GET /health/ready` 200, which
// the server answers once every projector caught up) and stops it, then runs projection-service/dist/rebuild.js
// over the same copy. BENCH_CATCHUP_BASELINE=<folder> also runs an earlier build (a copy of its `*/dist` and
// package.json with a node_modules whose @cn links point at the copy) in each repetition, before this one.
// BENCH_CATCHUP_PROFILE=1 runs this build's server under `node --cpu-prof` (profiles in <dir>/profiles).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { growLog } from './log-size.mjs';
import { memberNames } from './names.mjs';
import { freePort, runScript, startServer } from './server.mjs';
import { cpuMsOf, logEntries, logTimes, perSecond, round } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const platform = require(join(root, 'platform/dist/index.js'));
const grown = Number(process.argv[2] ?? 60_000);
const repetitions = Number(process.argv[3] ?? 3);
const memberCount = Number(process.env.BENCH_CATCHUP_MEMBERS ?? 50);
const home = process.env.BENCH_CATCHUP_DIR ?? mkdtempSync(join(tmpdir(), 'cn-catch-up-'));
const template = join(home, 'template');
const run = join(home, 'run');
const env = { DEMO_SEED: 'true', LOG_LEVEL: 'info', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PASSWORD_SCRYPT_N: '1024', NODE_ENV: 'production' };
const progress = (message) => process.stderr.write(`[catch-up ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const headOf = async (dataDir) => {
  const store = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  try {
    return await store.headPosition();
  } finally {
    await store.close();
  }
};

const prepared = async () => {
  if (existsSync(join(template, 'grown.json'))) return JSON.parse(readFileSync(join(template, 'grown.json'), 'utf8'));
  rmSync(template, { recursive: true, force: true });
  mkdirSync(template, { recursive: true });
  progress(`seeding ${template} with ${memberCount} members`);
  const server = await startServer({ root, dataDir: template, port: await freePort(), env, readyTimeoutMs: 120_000 });
  const members = [];
  try {
    const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
    for (const [i, name] of memberNames(memberCount).entries()) {
      const { status, body } = await admin.request('POST', '/administration/members', { user: { ...name, password: 'bench-password', send_welcome_mail: false, profile_id: null } });
      if (status >= 300) throw new Error(`registering member ${i} answered ${status}`);
      members.push(body.id);
    }
  } finally {
    await server.stop(60_000);
  }
  const before = await headOf(template);
  progress(`read models caught up at ${before}; growing the log by ${grown} events offline`);
  const result = await growLog({ platform, dataDir: template, targetEvents: before + grown, longStream: { memberId: members[0], events: Math.round(grown / 8) }, members: members.slice(1) });
  const info = { before, head: result.events, grown: result.events - before };
  writeFileSync(join(template, 'grown.json'), JSON.stringify(info));
  return info;
};

/** the server of `base` started on a copy of the template: ms until ready (every projector caught up) and its CPU */
const catchUp = async (base, label, profile) => {
  rmSync(run, { recursive: true, force: true });
  cpSync(template, run, { recursive: true });
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(home, 'profiles')}`] : [];
  const server = await startServer({ root: base, dataDir: run, port: await freePort(), env, nodeArgs, readyTimeoutMs: 20 * 60_000 });
  const cpuMs = cpuMsOf(server.child.pid);
  // when each projector started its catch-up (the log's `projector starting` lines)
  const starts = logEntries(server.log())
    .filter((entry) => entry.msg === 'projector starting')
    .map((entry) => `${entry.projector}@${entry.time}`);
  await server.stop(120_000);
  writeFileSync(join(home, `server-${label}.log`), server.log());
  return { ready_ms: round(server.readyMs, 0), cpu_ms: cpuMs, starts };
};

/** rebuild.js of `base` over the copy the catch-up left: the replay between its two log lines */
const rebuild = async (base, head) => {
  const out = await runScript({ root: base, script: 'projection-service/dist/rebuild.js', env: { ...env, DATA_DIR: run }, timeoutMs: 20 * 60_000 });
  const times = logTimes(out.output);
  const replayMs = times['read models rebuilt'] - times['rebuilding the read models'];
  return { replay_per_s: perSecond(head, replayMs), process_per_s: perSecond(head, out.durationMs) };
};

const info = await prepared();
progress(`template: read models at ${info.before}, log at ${info.head} (${info.grown} to catch up)`);
const baseline = process.env.BENCH_CATCHUP_BASELINE;
const rows = [];
for (let i = 0; i < repetitions; i += 1) {
  const row = {};
  for (const [label, base] of baseline ? [['baseline', baseline], ['this', root]] : [['this', root]]) {
    const caught = await catchUp(base, label, label === 'this' && process.env.BENCH_CATCHUP_PROFILE === '1');
    const rebuilt = await rebuild(base, info.head);
    row[label] = { catch_up_per_s: perSecond(info.grown, caught.ready_ms), ...caught, rebuild_replay_per_s: rebuilt.replay_per_s, rebuild_process_per_s: rebuilt.process_per_s };
    progress(
      `#${i + 1} ${label}: caught up ${info.grown} events in ${caught.ready_ms} ms (${row[label].catch_up_per_s} events/s, server CPU ${caught.cpu_ms} ms); rebuild of ${info.head}: ${rebuilt.replay_per_s} events/s replay, ${rebuilt.process_per_s} with process start`,
    );
  }
  rows.push(row);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summaryOf = (label) => ({
  catch_up_per_s: median(rows.map((row) => row[label].catch_up_per_s)),
  rebuild_replay_per_s: median(rows.map((row) => row[label].rebuild_replay_per_s)),
  catch_up_to_rebuild: round(median(rows.map((row) => row[label].catch_up_per_s / row[label].rebuild_replay_per_s)), 2),
  catch_up_cpu_ms: median(rows.map((row) => row[label].cpu_ms)),
});
process.stdout.write(
  `${JSON.stringify({
    data: home,
    ...info,
    repetitions,
    this: summaryOf('this'),
    ...(baseline ? { baseline: summaryOf('baseline'), paired_catch_up_speedups: rows.map((row) => round(row.this.catch_up_per_s / row.baseline.catch_up_per_s, 2)) } : {}),
  })}\n`,
);
