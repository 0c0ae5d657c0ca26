#!/usr/bin/env node
// `npm run bench`: throughput and latency of the standalone server on the embedded adapters, each figure
// beside the raw limit of the adapter underneath, measured in the same run:
//   1. commands/s over HTTP (registrations, status changes, RSVPs, settings)  vs  appends/s into a fresh SQLite store
//   2. events/s of a full projection rebuild                            vs  readAll events/s of the same store
//   3. directory search latency over HTTP                               vs  in-process MiniSearch query latency
//      the global search at scale (index build, search p95) through the port  vs  MiniSearch itself
//   4. the kanban board (2,000 items): wall load and move→every watcher p95  vs  the apps read models in memory
// Writes bench/results.json and bench/results.md. Knobs (environment): BENCH_MEMBERS, BENCH_COMMANDS,
// BENCH_SETTINGS, BENCH_QUERIES, BENCH_BOARD_ITEMS, BENCH_BOARD_WATCHERS, BENCH_BOARD_MOVES, BENCH_SEARCH_DOCUMENTS, BENCH_SEARCH_SCALE_QUERIES, BENCH_CONCURRENCY, BENCH_CONSOLES, BENCH_PHASE_SECONDS, BENCH_TIMEOUT_SECONDS.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './bench/client.mjs';
import { memberNames, searchQueries } from './bench/names.mjs';
import { machine, table, writeResults } from './bench/report.mjs';
import { freePort, runScript, startServer } from './bench/server.mjs';
import { growLog, measureAtSize, restartAndFirstCommand } from './bench/log-size.mjs';
import { rawSqliteAppend } from './bench/raw-append.mjs';
import { rsvpPhase } from './bench/rsvp.mjs';
import { openConsoles } from './bench/consoles.mjs';
import { chatScenario } from './bench/chat.mjs';
import { fanoutScenario } from './bench/fanout.mjs';
import { boardScenario } from './bench/board.mjs';
import { filesScenario } from './bench/files.mjs';
import { httpSearchRows, httpSearchScenario, searchScaleRows, searchScaleScenario } from './bench/search-scale.mjs';
import { perSecond, round, runLoad, summarize } from './bench/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const int = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}=${process.env[name]} is not a positive integer`);
  return value;
};
const settings = {
  members: int('BENCH_MEMBERS', 2000),
  status_commands: int('BENCH_COMMANDS', 2000),
  settings_commands: int('BENCH_SETTINGS', 300),
  search_queries: int('BENCH_QUERIES', 1000),
  concurrency: int('BENCH_CONCURRENCY', 8),
  // member consoles connected over the realtime WebSocket during the fan-out phase
  consoles: int('BENCH_CONSOLES', 200),
  phase_seconds: int('BENCH_PHASE_SECONDS', 60),
  // the chat scenario: members with the group chat open, messages one member sends them
  chat_members: int('BENCH_CHAT_MEMBERS', 20),
  chat_messages: int('BENCH_CHAT_MESSAGES', 200),
  // notification fan-out: members of one group with a console open, posts an administrator makes there
  fanout_members: int('BENCH_FANOUT_MEMBERS', 1000),
  fanout_posts: int('BENCH_FANOUT_POSTS', 20),
  // the kanban board: items on one app's wall, members watching it, moves one after the other
  board_items: int('BENCH_BOARD_ITEMS', 2000),
  board_watchers: int('BENCH_BOARD_WATCHERS', 20),
  board_moves: int('BENCH_BOARD_MOVES', 50),
  // the files scenario: one upload and download of this many MiB
  files_megabytes: int('BENCH_FILES_MB', 256),
  // the global search at scale: documents of every module, and the typed queries run over them
  search_documents: int('BENCH_SEARCH_DOCUMENTS', 100_000),
  search_scale_queries: int('BENCH_SEARCH_SCALE_QUERIES', 500),
  // the data-size dimension: the log grown to each size (BENCH_LOG_SIZES=10000,200000)
  log_sizes: (process.env.BENCH_LOG_SIZES ?? '10000,200000').split(',').filter(Boolean).map(Number),
  timeout_seconds: int('BENCH_TIMEOUT_SECONDS', 3600),
  // scrypt cost of the seeded members' passwords: registration and sign-in only, not the measured commands
  password_scrypt_n: 1024,
  admin: 'admin@example.org',
};
const phaseMs = settings.phase_seconds * 1000;

const progress = (message) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const fail = (message) => {
  process.stderr.write(`\nbench failed: ${message}\n`);
  process.exit(1);
};

const watchdog = setTimeout(() => fail(`still running after ${settings.timeout_seconds} s (BENCH_TIMEOUT_SECONDS)`), settings.timeout_seconds * 1000);
watchdog.unref();

for (const built of ['platform/dist/index.js', 'contracts/dist/index.js', 'standalone/dist/main.js', 'projection-service/dist/rebuild.js']) {
  if (!existsSync(join(root, built))) fail(`${built} is missing: run \`npm run build\` first (\`npm run bench\` does)`);
}
const platform = require(join(root, 'platform/dist/index.js'));

const statusOk = (status) => status >= 200 && status < 300;
const outcomeSummary = (outcomes) =>
  Object.entries(outcomes)
    .map(([outcome, count]) => `${outcome}×${count}`)
    .join(', ');
const failures = (run) => Object.entries(run.outcomes).reduce((sum, [outcome, count]) => (statusOk(Number(outcome)) ? sum : sum + count), 0);

/** commands/s of one HTTP phase; refuses to report a phase in which most commands failed */
const commandPhase = async (label, options) => {
  progress(`${label}: ${options.total} commands at concurrency ${options.concurrency}`);
  const run = await runLoad({ maxMs: phaseMs, ...options });
  const ok = run.done - failures(run);
  const result = {
    attempted: run.done,
    accepted: ok,
    outcomes: run.outcomes,
    duration_s: round(run.durationMs / 1000, 2),
    accepted_per_s: perSecond(ok, run.durationMs),
    latency: summarize(run.latencies),
    stopped_early: run.stoppedEarly,
  };
  progress(`${label}: ${result.accepted_per_s} commands/s, p95 ${result.latency.p95_ms} ms (${outcomeSummary(run.outcomes)})`);
  if (ok < run.done / 2) throw new Error(`${label}: only ${ok} of ${run.done} commands were accepted (${outcomeSummary(run.outcomes)})`);
  return result;
};

const dataDir = mkdtempSync(join(tmpdir(), 'cn-bench-'));
const scratch = mkdtempSync(join(tmpdir(), 'cn-bench-raw-'));
const serverEnv = {
  DEMO_SEED: 'true',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
  PASSWORD_SCRYPT_N: String(settings.password_scrypt_n),
  NODE_ENV: 'production',
  FILES_MAX_UPLOAD_MB: String(settings.files_megabytes + 16),
};
const results = { date: new Date().toISOString(), machine: machine(), settings, phases: {} };

const main = async () => {
  // ---- server ----
  const port = await freePort();
  progress(`starting standalone/dist/main.js on port ${port}, DATA_DIR ${dataDir}`);
  const server = await startServer({ root, dataDir, port, env: serverEnv });
  results.phases.server_start_ms = round(server.readyMs, 0);
  progress(`ready after ${round(server.readyMs, 0)} ms`);
  const admin = await signIn(server.baseUrl, settings.admin, 'changeme');

  const directoryTotal = async (session) => {
    const { status, body } = await session.request('GET', '/directory/members?per_page=1');
    if (status !== 200) throw new Error(`GET /directory/members answered ${status}: ${JSON.stringify(body).slice(0, 200)}`);
    return body.pagination.total;
  };
  const membersBefore = await directoryTotal(admin);

  // ---- 1a. registrations (also the search corpus) ----
  const names = memberNames(settings.members);
  const password = 'bench-password';
  const registered = [];
  results.phases.register_members = await commandPhase('POST /administration/members', {
    total: names.length,
    concurrency: settings.concurrency,
    task: async (i) => {
      const { status, body } = await admin.request('POST', '/administration/members', {
        user: { ...names[i], password, send_welcome_mail: false, profile_id: null },
      });
      if (statusOk(status)) registered.push({ ...names[i], id: body.id });
      return status;
    },
  });

  // ---- 1b. status changes: all on the admin's stream, then one stream per worker ----
  const statusBody = (i) => ({ type: i % 2 === 0 ? 'online' : 'busy', text: `benchmark status ${i}` });
  results.phases.status_one_stream = await commandPhase('PUT /api/v1/members/me/status (one member)', {
    total: settings.status_commands,
    concurrency: settings.concurrency,
    task: async (i) => (await admin.request('PUT', '/api/v1/members/me/status', statusBody(i))).status,
  });
  const workers = [];
  for (const member of registered.slice(0, settings.concurrency)) workers.push(await signIn(server.baseUrl, member.email, password));
  if (workers.length < settings.concurrency) throw new Error(`only ${workers.length} seeded members to sign in as`);
  results.phases.status_many_streams = await commandPhase(`PUT /api/v1/members/me/status (${workers.length} members)`, {
    total: settings.status_commands,
    concurrency: settings.concurrency,
    // each concurrent worker keeps its own member, so no two requests race on one stream
    task: async (i, worker) => (await workers[worker].request('PUT', '/api/v1/members/me/status', statusBody(i))).status,
  });

  // ---- 1e. RSVPs: the same members answer one appointment's invite, accepting and declining in turn ----
  progress(`RSVPs: ${settings.status_commands} answers of ${workers.length} members on one appointment`);
  results.phases.rsvp = await rsvpPhase({ admin, workers, total: settings.status_commands, maxMs: phaseMs });
  progress(`RSVPs: ${results.phases.rsvp.per_s} answers/s, p95 ${results.phases.rsvp.latency.p95_ms} ms (${outcomeSummary(results.phases.rsvp.outcomes)})`);

  // ---- 1d. the same status commands with member consoles connected (realtime fan-out) ----
  const consoleMembers = registered.slice(settings.concurrency, settings.concurrency + settings.consoles);
  progress(`opening ${consoleMembers.length} member consoles on the realtime WebSocket`);
  // what a console on the start page watches: its activity stream and the dashboard's widget bar (which shows online members)
  const consoles = await openConsoles(server.baseUrl, consoleMembers, password, ['activities', 'widgetbars', 'widgetbars_online']);
  try {
    results.phases.status_with_consoles = await commandPhase(`PUT /api/v1/members/me/status (${workers.length} members, ${consoles.count} consoles open)`, {
      total: settings.status_commands,
      concurrency: settings.concurrency,
      task: async (i, worker) => (await workers[worker].request('PUT', '/api/v1/members/me/status', statusBody(i))).status,
    });
    results.phases.status_with_consoles.consoles = consoles.count;
    results.phases.status_with_consoles.messages_received = consoles.received();
  } finally {
    await consoles.close();
  }

  // ---- 1c. settings: one network stream, every command changes basic.name ----
  results.phases.settings = await commandPhase('PUT /administration/settings', {
    total: settings.settings_commands,
    concurrency: settings.concurrency,
    task: async (i) => (await admin.request('PUT', '/administration/settings', { basic: { name: `Benchmark network ${i}` } })).status,
  });

  // ---- 3a. search over HTTP, once the index holds every registered member ----
  const expected = membersBefore + registered.length;
  const indexWait = performance.now();
  for (let total = await directoryTotal(admin); total < expected; total = await directoryTotal(admin)) {
    if (performance.now() - indexWait > phaseMs) throw new Error(`the directory holds ${total} of ${expected} members after ${settings.phase_seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  results.phases.search_index_wait_ms = round(performance.now() - indexWait, 0);
  const queries = searchQueries(registered, settings.search_queries);
  progress(`GET /directory/members?q=…: ${queries.length} queries over ${expected} members, one at a time`);
  for (const q of queries.slice(0, 50)) await admin.request('GET', `/directory/members?q=${encodeURIComponent(q)}`); // warm-up
  let hitsTotal = 0;
  const searchRun = await runLoad({
    total: queries.length,
    concurrency: 1,
    maxMs: phaseMs,
    task: async (i) => {
      const { status, body } = await admin.request('GET', `/directory/members?q=${encodeURIComponent(queries[i])}`);
      if (status === 200) hitsTotal += body.pagination.total;
      return status;
    },
  });
  if (failures(searchRun) > 0) throw new Error(`directory search: ${outcomeSummary(searchRun.outcomes)}`);
  results.phases.search_http = {
    queries: searchRun.done,
    documents: expected,
    mean_total_hits: round(hitsTotal / Math.max(1, searchRun.done), 1),
    queries_per_s: perSecond(searchRun.done, searchRun.durationMs),
    latency: summarize(searchRun.latencies),
  };
  progress(`search: p95 ${results.phases.search_http.latency.p95_ms} ms`);

  // ---- 4. chat: one member writes to a group chat its members have open, beside a bare WebSocket echo ----
  progress(`chat: ${settings.chat_members} members with the group chat open, ${settings.chat_messages} messages`);
  results.phases.chat = await chatScenario({
    baseUrl: server.baseUrl,
    admin: { ...admin, email: settings.admin },
    password,
    adminPassword: 'changeme',
    members: settings.chat_members,
    messages: settings.chat_messages,
    log: progress,
  });
  progress(`chat: send→receive p95 ${results.phases.chat.send_to_receive.p95_ms} ms, bare echo p95 ${results.phases.chat.bare_websocket_echo.p95_ms} ms`);

  // ---- 4b. notification fan-out: a post in a group reaches every member's open console and counter ----
  const fanoutMembers = registered.slice(0, Math.min(settings.fanout_members, registered.length));
  progress(`fan-out: ${fanoutMembers.length} group members with a console open, ${settings.fanout_posts} posts`);
  results.phases.fanout = await fanoutScenario({ baseUrl: server.baseUrl, admin, members: fanoutMembers, password, posts: settings.fanout_posts, log: progress });
  progress(`fan-out: command→every member's push p95 ${results.phases.fanout.command_to_every_push.p95_ms} ms, bare broadcast p95 ${results.phases.fanout.bare_broadcast.last_receiver.p95_ms} ms`);

  // ---- 4c. kanban board: a wall of 2,000 items loads, a move reaches every watcher; beside the raw projection ----
  const boardWatchers = registered.slice(0, Math.min(settings.board_watchers, registered.length));
  progress(`board: ${settings.board_items} items, ${boardWatchers.length} members watching, ${settings.board_moves} moves`);
  results.phases.board = await boardScenario({ baseUrl: server.baseUrl, admin, members: boardWatchers, password, dataDir, items: settings.board_items, moves: settings.board_moves, concurrency: settings.concurrency, log: progress });
  progress(`board: wall load p95 ${results.phases.board.wall_load_first_page.p95_ms} ms, move→every watcher p95 ${results.phases.board.move_to_every_push.p95_ms} ms, raw projection ${results.phases.board.raw_projection?.per_s} events/s`);

  // ---- 5. files: a streamed upload and download beside the raw disk, the server's memory sampled ----
  progress(`files: ${settings.files_megabytes} MiB up and down`);
  results.phases.files = await filesScenario({ baseUrl: server.baseUrl, session: admin, serverPid: server.child.pid, megabytes: settings.files_megabytes });
  progress(`files: upload ${results.phases.files.upload_mb_s} MB/s, download ${results.phases.files.download_mb_s} MB/s`);

  // ---- stop the server: the raw measurements and the rebuild get the machine to themselves ----
  progress('stopping the server (SIGTERM)');
  const stopStarted = performance.now();
  await server.stop();
  results.phases.server_stop_ms = round(performance.now() - stopStarted, 0);
  results.phases.audit = await (await import('./bench/audit.mjs')).auditScenario({ root, dataDir, env: serverEnv, progress });

  // ---- 1'. raw appends of the same event into a fresh store ----
  const store = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const head = await store.headPosition();
  // the latest status change: the scenarios after the status phases (chat, fan-out, board, files) wrote thousands of events since
  let sample;
  for (let before = head; before > 0 && !sample; before -= 2000) {
    const page = await store.readAll({ after: Math.max(0, before - 2000), limit: 2000 });
    sample = page.filter((event) => event.position <= before).reverse().find((event) => event.type === 'MemberPresenceChanged');
  }
  await store.close();
  if (!sample) throw new Error('no MemberPresenceChanged event in the store after the status commands');
  const eventBytes = Buffer.byteLength(JSON.stringify(sample.data)) + Buffer.byteLength(JSON.stringify(sample.metadata));
  const appends = results.phases.status_one_stream.attempted;
  const rawAppend = async (label, readFirst) => {
    const raw = platform.createSqliteEventStore({ path: join(scratch, `${label}.sqlite`) });
    const latencies = [];
    let revision = -1;
    const started = performance.now();
    for (let i = 0; i < appends && performance.now() - started < phaseMs; i++) {
      const t0 = performance.now();
      if (readFirst) await raw.readStream('member-raw');
      const { nextExpectedRevision } = await raw.append(
        'member-raw',
        [{ id: randomUUID(), type: sample.type, data: sample.data, metadata: { ...sample.metadata, occurredAt: new Date().toISOString() } }],
        { expectedRevision: revision === -1 ? 'no_stream' : revision },
      );
      revision = nextExpectedRevision;
      latencies.push(performance.now() - t0);
    }
    const durationMs = performance.now() - started;
    await raw.close();
    return { appends: latencies.length, event_bytes: eventBytes, per_s: perSecond(latencies.length, durationMs), latency: summarize(latencies) };
  };
  progress(`raw: ${appends} appends of a ${eventBytes}-byte event into a fresh SQLite file (synchronous=FULL), then through the adapter`);
  results.phases.raw_append = rawSqliteAppend({ path: join(scratch, 'raw-sqlite.sqlite'), appends, maxMs: phaseMs, sample });
  results.phases.adapter_append = await rawAppend('append', false);
  results.phases.raw_read_and_append = await rawAppend('read-append', true);
  progress(`raw: ${results.phases.raw_append.per_s} appends/s; the adapter one at a time ${results.phases.adapter_append.per_s}/s, with readStream first ${results.phases.raw_read_and_append.per_s}/s`);

  // ---- 2. projection rebuild vs raw readAll ----
  progress(`rebuild: node projection-service/dist/rebuild.js over ${head} events`);
  const rebuild = await runScript({
    root,
    script: 'projection-service/dist/rebuild.js',
    env: { ...serverEnv, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    timeoutMs: 2 * phaseMs,
  });
  const logTime = (message) => {
    for (const line of rebuild.output.split('\n')) {
      try {
        const entry = JSON.parse(line);
        if (entry.msg === message) return entry.time;
      } catch {
        // not a log line
      }
    }
    return null;
  };
  const [rebuildStart, rebuildEnd] = [logTime('rebuilding the read models'), logTime('read models rebuilt')];
  const inProcessMs = rebuildStart !== null && rebuildEnd !== null ? rebuildEnd - rebuildStart : null;
  results.phases.rebuild = {
    events: head,
    process_s: round(rebuild.durationMs / 1000, 2),
    process_events_per_s: perSecond(head, rebuild.durationMs),
    replay_s: inProcessMs === null ? null : round(inProcessMs / 1000, 2),
    replay_events_per_s: inProcessMs === null ? null : perSecond(head, inProcessMs),
  };
  progress(`rebuild: ${results.phases.rebuild.process_events_per_s} events/s with process start, ${results.phases.rebuild.replay_events_per_s ?? '?'} events/s replay`);

  const readAllRate = async (reveal) => {
    const source = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    const keyStore = reveal ? platform.createSqliteKeyStore({ path: join(dataDir, 'keys.sqlite') }) : null;
    const cipher = keyStore ? platform.createPersonalDataCipher(keyStore) : null;
    let count = 0;
    const started = performance.now();
    for (let after = 0; ; ) {
      const batch = await source.readAll({ after, limit: 500 });
      if (batch.length === 0) break;
      for (const event of batch) {
        if (cipher) await cipher.reveal(event.data);
        count += 1;
      }
      after = batch[batch.length - 1].position;
    }
    const durationMs = performance.now() - started;
    await source.close();
    await keyStore?.close();
    return { events: count, per_s: perSecond(count, durationMs), duration_s: round(durationMs / 1000, 3) };
  };
  results.phases.raw_read_all = await readAllRate(false);
  results.phases.raw_read_all_reveal = await readAllRate(true);
  progress(`raw: readAll ${results.phases.raw_read_all.per_s} events/s, with personal data revealed ${results.phases.raw_read_all_reveal.per_s} events/s`);

  // ---- 3'. raw MiniSearch over the same documents and queries ----
  const search = platform.createMiniSearchIndex({ dir: join(scratch, 'search'), flushDelayMs: 3_600_000 });
  const members = await search.index('members', {
    searchableAttributes: ['last_name', 'first_name', 'display_name', 'status'],
    filterableAttributes: ['id', 'is_external', 'is_network_admin'],
    sortableAttributes: ['first_name', 'last_name', 'id'],
  });
  await members.upsert(
    registered.map((member) => ({
      id: member.id,
      display_name: `${member.first_name} ${member.last_name}`,
      first_name: member.first_name,
      last_name: member.last_name,
      is_external: false,
      is_network_admin: false,
      is_auditor: false,
      presence_type: null,
      status_text: '',
      status: '',
    })),
  );
  for (const q of queries.slice(0, 50)) await members.search({ q, offset: 0, limit: 25 });
  const rawSearch = await runLoad({
    total: queries.length,
    concurrency: 1,
    maxMs: phaseMs,
    task: async (i) => (await members.search({ q: queries[i], offset: 0, limit: 25 }), 200),
  });
  await search.close();
  results.phases.raw_search = { queries: rawSearch.done, documents: registered.length, latency: summarize(rawSearch.latencies) };

  // ---- 3''. the global search at scale, through the port beside MiniSearch itself ----
  progress(`search at scale: ${settings.search_documents} documents`);
  results.phases.search_scale = await searchScaleScenario({
    platform,
    require,
    scratch,
    documents: settings.search_documents,
    queries: settings.search_scale_queries,
    phaseMs,
    meiliUrl: process.env.MEILI_URL,
    progress,
  });
  // the same size through the built server's /search.json, beside the index queried in process (issue 8: within 3×)
  results.phases.search_scale_http = await httpSearchScenario({ root, platform, scratch, documents: settings.search_documents, queries: settings.search_scale_queries, phaseMs, progress, port: await freePort() });

  // ---- 4. the log's size: the same figures on a log grown to each size ----
  results.phases.sizes = {};
  const longMember = registered[registered.length - 1];
  const workerMembers = registered.slice(0, settings.concurrency).map((member) => ({ email: member.email, password }));
  for (const size of settings.log_sizes) {
    progress(`log of ${size} events: growing it (a long stream of ${Math.round(size / 8)} events for ${longMember.email})`);
    const grown = await growLog({
      platform,
      dataDir,
      targetEvents: size,
      longStream: { memberId: longMember.id, events: Math.round(size / 8) },
      members: registered.slice(0, -1).map((member) => member.id),
    });
    progress(`log of ${grown.events} events (${grown.appended} appended in ${grown.seconds} s): measuring`);
    const sizePort = await freePort();
    const figures = await measureAtSize({
      root,
      dataDir,
      port: sizePort,
      env: serverEnv,
      admin: { email: settings.admin, password: 'changeme' },
      longStream: { email: longMember.email, password, head: grown.events },
      workers: workerMembers,
      commands: settings.status_commands,
      concurrency: settings.concurrency,
      phaseMs,
      progress,
      rsvp: (sizeAdmin, sessions) => rsvpPhase({ admin: sizeAdmin, workers: sessions, total: settings.status_commands, maxMs: phaseMs }),
    });
    figures.warm_restart = await restartAndFirstCommand({ root, dataDir, port: sizePort, env: serverEnv, longStream: { email: longMember.email, password } });
    const rawAtSize = await readAllRate(false);
    const rebuiltAtSize = await runScript({ root, script: 'projection-service/dist/rebuild.js', env: { ...serverEnv, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, timeoutMs: 20 * phaseMs });
    figures.events = rawAtSize.events;
    figures.raw_read_all_per_s = rawAtSize.per_s;
    figures.rebuild_process_per_s = perSecond(rawAtSize.events, rebuiltAtSize.durationMs);
    results.phases.sizes[size] = figures;
    progress(`log of ${size}: warm restart first command ${figures.warm_restart.first_command_ms} ms; rebuild ${figures.rebuild_process_per_s} events/s vs readAll ${figures.raw_read_all_per_s}`);
  }

  // ---- report ----
  const p = results.phases;
  const commandRow = (measure, phase, note) => ({
    measure,
    value: phase.accepted_per_s,
    unit: 'cmd/s',
    p50: phase.latency.p50_ms,
    p95: phase.latency.p95_ms,
    p99: phase.latency.p99_ms,
    raw: p.raw_append.per_s,
    raw_unit: 'appends/s',
    note: `${phase.accepted}/${phase.attempted} accepted${phase.accepted < phase.attempted ? ` (${outcomeSummary(phase.outcomes)})` : ''}${note ? `; ${note}` : ''}`,
  });
  const rows = [
    commandRow(`register member ×${p.register_members.attempted}`, p.register_members, `scrypt N=${settings.password_scrypt_n}; registrations run one at a time`),
    commandRow(`status, 1 member ×${p.status_one_stream.attempted}`, p.status_one_stream, `${settings.concurrency} requests racing on one stream`),
    commandRow(`status, ${settings.concurrency} members ×${p.status_many_streams.attempted}`, p.status_many_streams, 'one stream per worker'),
    {
      ...commandRow(
        `status, ${settings.concurrency} members, ${p.status_with_consoles.consoles} consoles open`,
        p.status_with_consoles,
        `${p.status_with_consoles.messages_received} realtime messages reached the consoles; throughput ${round((p.status_with_consoles.accepted_per_s / p.status_many_streams.accepted_per_s) * 100, 0)}% of the same phase without them (the consoles' client runs on the same machine)`,
      ),
      raw: p.status_many_streams.accepted_per_s,
      raw_unit: 'cmd/s, no console open',
    },
    {
      measure: `RSVP, ${settings.concurrency} members ×${p.rsvp.attempted}`,
      value: p.rsvp.per_s,
      unit: 'cmd/s',
      p50: p.rsvp.latency.p50_ms,
      p95: p.rsvp.latency.p95_ms,
      p99: p.rsvp.latency.p99_ms,
      raw: p.raw_append.per_s,
      raw_unit: 'appends/s',
      note: `${p.rsvp.accepted}/${p.rsvp.attempted} accepted; PUT /appointments/{id}/participants/me, accepting and declining in turn, all on one appointment stream; ratio ${round(p.rsvp.per_s / p.raw_append.per_s, 2)} of the raw single append`,
    },
    commandRow(`settings basic.name ×${p.settings.attempted}`, p.settings, 'one network stream'),
    {
      measure: 'raw append (same event)',
      value: p.raw_append.per_s,
      unit: 'appends/s',
      p50: p.raw_append.latency.p50_ms,
      p95: p.raw_append.latency.p95_ms,
      p99: p.raw_append.latency.p99_ms,
      note: `${p.raw_append.appends} × ${eventBytes} B, one INSERT per transaction, better-sqlite3, WAL, synchronous=FULL`,
    },
    {
      measure: 'adapter append, one at a time',
      value: p.adapter_append.per_s,
      unit: 'appends/s',
      p50: p.adapter_append.latency.p50_ms,
      p95: p.adapter_append.latency.p95_ms,
      p99: p.adapter_append.latency.p99_ms,
      raw: p.raw_append.per_s,
      raw_unit: 'appends/s',
      note: `the event store port (writer thread, group commit) with nothing to group; readStream of the growing stream before each append: ${p.raw_read_and_append.per_s}/s`,
    },
    {
      measure: `projection rebuild (${p.rebuild.events} events)`,
      value: p.rebuild.replay_events_per_s ?? p.rebuild.process_events_per_s,
      unit: 'events/s',
      raw: p.raw_read_all.per_s,
      raw_unit: 'events/s readAll',
      note: `${p.rebuild.process_s} s with process start (${p.rebuild.process_events_per_s} events/s); readAll+reveal ${p.raw_read_all_reveal.per_s} events/s`,
    },
    {
      measure: `directory search (${p.search_http.documents} members)`,
      value: p.search_http.queries_per_s,
      unit: 'queries/s',
      p50: p.search_http.latency.p50_ms,
      p95: p.search_http.latency.p95_ms,
      p99: p.search_http.latency.p99_ms,
      raw: p.raw_search.latency.p95_ms,
      raw_unit: 'ms p95 MiniSearch',
      note: `${p.search_http.queries} prefix queries one at a time, ${p.search_http.mean_total_hits} hits on average; raw p50 ${p.raw_search.latency.p50_ms} ms, p99 ${p.raw_search.latency.p99_ms} ms`,
    },
    ...(p.audit
      ? [
          ...(p.audit.verify
            ? [{ measure: `audit: verify the hash chain (${p.audit.verify.events} events)`, value: p.audit.verify.per_s, unit: 'events/s', raw: p.audit.read_all.per_s, raw_unit: 'events/s readAll (pages of 2,000)', note: `ratio ${p.audit.verify_vs_read_all}; every link recomputed; ${p.audit.verify.intact ? 'intact' : 'BROKEN'}` }]
            : []),
          { measure: `audit: full replay of every projector (${p.audit.replay.events} events)`, value: p.audit.replay.per_s, unit: 'events/s', raw: p.audit.read_all.per_s, raw_unit: 'events/s readAll (pages of 2,000)', note: `ratio ${p.audit.replay_vs_read_all}; ${p.audit.replay.read_models} read models into a scratch store (what replay-determinism compares)` },
        ]
      : []),
    ...searchScaleRows(p.search_scale),
    ...(p.search_scale_http ? httpSearchRows(p.search_scale_http) : []),
    {
      measure: `chat, ${p.chat.members} members with the chat open`,
      value: p.chat.deliveries_per_s,
      unit: 'deliveries/s',
      p50: p.chat.send_to_receive.p50_ms,
      p95: p.chat.send_to_receive.p95_ms,
      p99: p.chat.send_to_receive.p99_ms,
      raw: p.chat.bare_websocket_echo.p95_ms,
      raw_unit: 'ms p95 bare WebSocket echo',
      note: `${p.chat.delivered}/${p.chat.expected} deliveries of ${p.chat.messages} messages sent one after the other (${p.chat.messages_per_s} messages/s); latency send→receive`,
    },
    {
      measure: `notification fan-out, ${p.fanout.members} group members with a console open`,
      value: p.fanout.posts_per_s,
      unit: 'posts/s',
      p50: p.fanout.command_to_every_push.p50_ms,
      p95: p.fanout.command_to_every_push.p95_ms,
      p99: p.fanout.command_to_every_push.p99_ms,
      raw: p.fanout.bare_broadcast.last_receiver.p95_ms,
      raw_unit: 'ms p95 bare ws broadcast to as many sockets',
      note: `latency command→the last member's push, per post (${p.fanout.posts} posts one after the other, ${p.fanout.deliveries_per_s} pushes/s, ${p.fanout.missing_pushes} missing); command→the last member's counter read back p95 ${p.fanout.command_to_last_counter.p95_ms} ms; ${p.fanout.counters_right}/${p.fanout.counters_checked} sampled badges count every post`,
    },
    {
      measure: `kanban board, ${p.board.items_on_board} items, ${p.board.watchers} members watching`,
      value: p.board.moves_per_s,
      unit: 'moves/s',
      p50: p.board.move_to_every_push.p50_ms,
      p95: p.board.move_to_every_push.p95_ms,
      p99: p.board.move_to_every_push.p99_ms,
      raw: p.board.raw_projection?.per_s ?? null,
      raw_unit: 'events/s the apps read models apply in memory (same log)',
      note: `latency move command→every watcher's push (${p.board.moves} moves one after the other, ${p.board.missing_pushes} missing, ${p.board.conflicts} conflicts); →wall read back p95 ${p.board.move_to_wall_read.p95_ms} ms; wall load p95 ${p.board.wall_load_first_page.p95_ms} ms (${p.board.wall_load_first_page.cards_per_column} cards/column), ${p.board.wall_load_largest_page.p95_ms} ms (${p.board.wall_load_largest_page.cards} cards)`,
    },
    {
      measure: `file upload, ${p.files.megabytes} MiB`,
      value: p.files.upload_mb_s,
      unit: 'MB/s',
      raw: p.files.raw_write_mb_s,
      raw_unit: 'MB/s disk write with fsync',
      note: `streamed multipart; server memory ${p.files.server_rss_mb ? `${p.files.server_rss_mb.min}–${p.files.server_rss_mb.max} MB` : 'not sampled'} while it streamed`,
    },
    {
      measure: `file download, ${p.files.megabytes} MiB`,
      value: p.files.download_mb_s,
      unit: 'MB/s',
      raw: p.files.raw_read_mb_s,
      raw_unit: 'MB/s disk read',
    },
  ];
  const sized = settings.log_sizes.map((size) => [size, p.sizes[size]]);
  for (const [size, f] of sized) {
    const label = `${size >= 1000 ? `${size / 1000}k` : size}-event log`;
    rows.push(
      { measure: `${label}: status, ${settings.concurrency} members`, value: f.status_per_s, unit: 'cmd/s', p50: f.status_latency.p50_ms, p95: f.status_latency.p95_ms, p99: f.status_latency.p99_ms, raw: p.raw_append.per_s, raw_unit: 'appends/s', note: `ratio ${round(f.status_per_s / p.raw_append.per_s, 2)} of the raw single append; measured after a first round of as many (${f.status_cold_per_s} cmd/s, ${f.status_cold_cpu_ms_per_command} ms server CPU each, right after the restart)` },
      { measure: `${label}: RSVP, ${settings.concurrency} members`, value: f.rsvp.per_s, unit: 'cmd/s', p50: f.rsvp.latency.p50_ms, p95: f.rsvp.latency.p95_ms, p99: f.rsvp.latency.p99_ms, raw: p.raw_append.per_s, raw_unit: 'appends/s', note: `ratio ${round(f.rsvp.per_s / p.raw_append.per_s, 2)} of the raw single append; one appointment stream` },
      { measure: `${label}: read your write`, value: f.read_your_write.p95_ms, unit: 'ms p95', p50: f.read_your_write.p50_ms, p95: f.read_your_write.p95_ms, p99: f.read_your_write.p99_ms, note: `a command then the member's own read with its position, while ${settings.concurrency - 1} writers run` },
      { measure: `${label}: first command, long stream`, value: f.warm_restart.first_command_ms, unit: 'ms', raw: f.long_stream_first_command_ms, raw_unit: 'ms without a snapshot', note: `${Math.round(size / 8)}-event stream after a restart; sign-in first ${f.long_stream_sign_in_ms} ms` },
      { measure: `${label}: audit, latest 50`, value: f.audit_latest_50.p95_ms, unit: 'ms p95', p50: f.audit_latest_50.p50_ms, p95: f.audit_latest_50.p95_ms, p99: f.audit_latest_50.p99_ms },
      { measure: `${label}: rebuild (with process start)`, value: f.rebuild_process_per_s, unit: 'events/s', raw: f.raw_read_all_per_s, raw_unit: 'events/s readAll', note: `ratio ${round(f.rebuild_process_per_s / f.raw_read_all_per_s, 2)}` },
      { measure: `${label}: restart`, value: f.catch_up_ms, unit: 'ms to caught up', raw: f.ready_ms, raw_unit: 'ms to ready', note: `after the offline growth; a warm restart is ready in ${f.warm_restart.ready_ms} ms` },
    );
  }
  if (sized.length >= 2) {
    const [[smallSize, small], [largeSize, large]] = [sized[0], sized[sized.length - 1]];
    const growth = (a, b) => (a && b ? round(b / a, 2) : null);
    results.growth = {
      from_events: small.events,
      to_events: large.events,
      status_per_s: growth(small.status_per_s, large.status_per_s),
      rsvp_per_s: growth(small.rsvp.per_s, large.rsvp.per_s),
      read_your_write_p95: growth(small.read_your_write.p95_ms, large.read_your_write.p95_ms),
      first_command_ms: growth(small.warm_restart.first_command_ms, large.warm_restart.first_command_ms),
      audit_latest_50_p95: growth(small.audit_latest_50.p95_ms, large.audit_latest_50.p95_ms),
      rebuild_per_s: growth(small.rebuild_process_per_s, large.rebuild_process_per_s),
      catch_up_ms: growth(small.catch_up_ms, large.catch_up_ms),
    };
    rows.push({
      measure: `growth ${smallSize} → ${largeSize} events`,
      value: null,
      unit: '',
      note: Object.entries(results.growth)
        .filter(([key]) => !key.endsWith('_events'))
        .map(([key, ratio]) => `${key} ×${ratio}`)
        .join(', '),
    });
  }
  const dir = writeResults({ root, results, rows });
  const m = results.machine;
  process.stdout.write(`\n${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, Node ${m.node}, load average ${m.load_average_1m} at the start\n\n${table(rows).text}\n\nwritten to ${dir}/results.json and results.md\n`);
};

main()
  .then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  })
  .catch((error) => {
    process.stderr.write(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.stderr.write(`data left for inspection in ${dataDir}\n`);
    process.exit(1);
  });
