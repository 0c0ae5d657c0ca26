#!/usr/bin/env node
// The read-your-write figure of `npm run bench` alone, to compare builds in turn (docs/PERFORMANCE.md, "Read your
// write under eight writers"): a log grown once into BENCH_RYW_DATA, then per run a copy of it served by the
// build at BENCH_ROOT (default this checkout; another worktree's build to compare), N round trips while the
// other members write, ROUNDS times, each with the server's CPU per command.
//   node scripts/bench/read-your-write.mjs prepare      (BENCH_MEMBERS=60 BENCH_LOG_SIZE=10000)
//   node scripts/bench/read-your-write.mjs               (BENCH_CONCURRENCY=8 BENCH_RYW_ROUNDS=3 BENCH_RYW_COUNT=100)
// BENCH_PORT: a fixed port for the server (default: a free one)
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { growLog, readYourWrite } from './log-size.mjs';
import { memberNames } from './names.mjs';
import { freePort, startServer } from './server.mjs';
import { cpuMsOf, mainThreadCpuMsOf, summarize } from './stats.mjs';

const root = process.env.BENCH_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const data = process.env.BENCH_RYW_DATA ?? join(tmpdir(), 'cn-bench-ryw');
const number = (name, fallback) => Number(process.env[name] ?? fallback);
const env = { DEMO_SEED: 'true', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', PASSWORD_SCRYPT_N: '1024', NODE_ENV: 'production' };
const password = 'bench-password';

if (process.argv[2] === 'prepare') {
  rmSync(data, { recursive: true, force: true });
  const server = await startServer({ root, dataDir: data, port: number('BENCH_PORT', 0) || (await freePort()), env });
  const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
  const members = [];
  for (const name of memberNames(number('BENCH_MEMBERS', 60))) {
    const { status, body } = await admin.request('POST', '/administration/members', { user: { ...name, password, send_welcome_mail: false, profile_id: null } });
    if (status < 300) members.push({ ...name, id: body.id });
  }
  await server.stop(60_000);
  const size = number('BENCH_LOG_SIZE', 10_000);
  const platform = createRequire(import.meta.url)(join(root, 'platform/dist/index.js'));
  const long = members[members.length - 1];
  const grown = await growLog({ platform, dataDir: data, targetEvents: size, longStream: { memberId: long.id, events: Math.round(size / 8) }, members: members.slice(0, -1).map((member) => member.id) });
  writeFileSync(join(data, 'bench-members.json'), JSON.stringify(members));
  process.stdout.write(`prepared ${data}: ${grown.events} events, ${members.length} members\n`);
  process.exit(0);
}

if (!existsSync(join(data, 'bench-members.json'))) throw new Error(`${data} holds no prepared log: run with \`prepare\` first`);
const members = JSON.parse(readFileSync(join(data, 'bench-members.json'), 'utf8'));
const dataDir = mkdtempSync(join(tmpdir(), 'cn-bench-ryw-run-'));
cpSync(data, dataDir, { recursive: true });
const server = await startServer({ root, dataDir, port: number('BENCH_PORT', 0) || (await freePort()), env, readyTimeoutMs: 10 * 60_000 });
const ms = (figures) => `p50 ${figures.p50_ms.toFixed(1)} p95 ${figures.p95_ms.toFixed(1)} ms`;
try {
  const sessions = [];
  for (const member of members.slice(0, number('BENCH_CONCURRENCY', 8))) sessions.push(await signIn(server.baseUrl, member.email, password));
  // warm: every member's stream and session once through the command path
  await Promise.all(sessions.map(async (session) => {
    for (let i = 0; i < 50; i += 1) await session.request('PUT', '/api/v1/members/me/status', { type: 'online', text: `warm ${i}` });
  }));
  const count = number('BENCH_RYW_COUNT', 100);
  for (let round = 0; round < number('BENCH_RYW_ROUNDS', 3); round += 1) {
    const cpu = cpuMsOf(server.child.pid);
    const mainCpu = mainThreadCpuMsOf(server.child.pid);
    const started = performance.now();
    const { latencies, written } = await readYourWrite(sessions, count);
    const seconds = (performance.now() - started) / 1000;
    const commands = written + count;
    process.stdout.write(
      `round ${round}: read your write ${ms(summarize(latencies))}; ${Math.round(commands / seconds)} commands/s, server CPU ${((cpuMsOf(server.child.pid) - cpu) / commands).toFixed(2)} ms per command (main thread ${((mainThreadCpuMsOf(server.child.pid) - mainCpu) / commands).toFixed(2)} ms)\n`,
    );
  }
} finally {
  await server.stop(60_000);
  rmSync(dataDir, { recursive: true, force: true });
}
