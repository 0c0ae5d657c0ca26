// Kanban board bench scenario (issue 15): an app whose wall has one column per option of a selection
// property holds N items (default 2,000); W members have a console open on the wall (the realtime
// WebSocket watching the `apps` topic, as the wall page does). Measured over HTTP:
//   - loading the wall (GET /api/v1/apps/{app}/wall, the page's first read and with 'load more' at its
//     largest page), one read after the other;
//   - a move's round trip, one move after the other: the move command (POST …/items/{id}/move) → every
//     watcher's push → the wall read back at the move's position, as a watching console does on the push.
// Beside it, in the same run, the raw projection: the apps read models' own `evolve` applied in memory to
// the same log's app events (no document store, no HTTP), events/s: what the projection code alone costs.
//
//   node scripts/bench/board.mjs          (the built standalone server on a fresh data folder)
//   BENCH_BOARD_ITEMS=2000 BENCH_BOARD_WATCHERS=20 BENCH_BOARD_MOVES=50 node scripts/bench/board.mjs
//
// `boardScenario({ baseUrl, admin, members, password, dataDir })` is exported for scripts/bench.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { freePort, startServer } from './server.mjs';
import { perSecond, round, runLoad, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const { WebSocket } = require('ws');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const int = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const opened = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused ${res.statusCode}`)));
  });
const COLUMNS = [
  { label: 'Backlog', value: 'backlog' },
  { label: 'To do', value: 'todo' },
  { label: 'Doing', value: 'doing' },
  { label: 'Done', value: 'done' },
];
const WALL_LIMITS = { first: 50, largest: 200 };

/**
 * The raw projection: the apps read models (every projection of projection-service whose events are app
 * events) applied in memory to the log's app events, as the runner applies them but without any store.
 */
export const rawBoardProjection = async (dataDir) => {
  const platform = require(join(root, 'platform/dist/index.js'));
  const { appsEvents } = require(join(root, 'contracts/dist/index.js'));
  const { readModelProjections } = require(join(root, 'projection-service/dist/index.js'));
  // the apps module's events (definitions, items, moves) and every read model that follows one of them
  const types = new Set(appsEvents.map((definition) => definition.type));
  const projections = readModelProjections().filter((projection) => projection.eventTypes.some((type) => types.has(type)));
  const source = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const events = [];
  for (let after = 0; ; ) {
    const batch = await source.readAll({ after, limit: 2000 });
    if (batch.length === 0) break;
    for (const event of batch) if (types.has(event.type)) events.push(event);
    after = batch[batch.length - 1].position;
  }
  await source.close();
  const documents = projections.map(() => new Map());
  const started = performance.now();
  for (const event of events) {
    projections.forEach((projection, index) => {
      if (!projection.eventTypes.includes(event.type)) return;
      const docs = documents[index];
      for (const id of projection.documentIds(event)) {
        const next = projection.evolve(docs.get(id) ?? null, event, id);
        if (next === null) docs.delete(id);
        else docs.set(id, { ...next, _position: event.position });
      }
    });
  }
  const durationMs = performance.now() - started;
  return { read_models: projections.map((projection) => projection.name), events: events.length, per_s: perSecond(events.length, durationMs), duration_ms: round(durationMs, 1) };
};

export const boardScenario = async ({
  baseUrl,
  admin,
  members,
  password,
  dataDir,
  items = int('BENCH_BOARD_ITEMS', 2000),
  moves = int('BENCH_BOARD_MOVES', 50),
  loads = int('BENCH_BOARD_LOADS', 20),
  concurrency = int('BENCH_CONCURRENCY', 8),
  log = () => undefined,
}) => {
  const slug = `board-${Date.now().toString(36)}`;
  const created = await admin.request('POST', '/api/v1/apps', { slug, name: `Board bench ${slug}` });
  if (created.status >= 300) throw new Error(`POST /api/v1/apps answered ${created.status}`);
  for (const [id, property] of [
    ['p-status', { name: 'status', label: 'Status', type: 'selection', required: true, options: COLUMNS }],
    ['p-title', { name: 'title', label: 'Title', type: 'text', required: true }],
  ]) {
    const defined = await admin.request('PUT', `/api/v1/apps/${slug}/properties/${id}`, property);
    if (defined.status >= 300) throw new Error(`PUT property ${id} answered ${defined.status}`);
  }

  log(`board ${slug}: ${items} items, ${concurrency} at a time`);
  const cards = [];
  const filled = await runLoad({
    total: items,
    concurrency,
    maxMs: 30 * 60_000,
    task: async (index) => {
      const answer = await admin.request('POST', `/api/v1/apps/${slug}/items`, { values: { title: `Card ${index}`, status: COLUMNS[index % COLUMNS.length].value } });
      if (answer.status !== 201) throw new Error(`POST item answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      cards.push({ id: answer.body.id, revision: answer.body.revision, column: index % COLUMNS.length });
      return answer.status;
    },
  });
  const failed = Object.entries(filled.outcomes).filter(([outcome]) => outcome.startsWith('error'));
  if (failed.length > 0 || filled.done !== items) throw new Error(`filling the board: ${JSON.stringify(filled.outcomes).slice(0, 300)}`);
  const fillMs = filled.durationMs;

  log(`${members.length} members open the wall (a console watching apps)`);
  const arrivals = [];
  const watchers = [];
  for (const [index, member] of members.entries()) {
    const session = await signIn(baseUrl, member.email, password);
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: session.cookie } });
    await opened(socket);
    socket.send(JSON.stringify({ type: 'watch', topics: ['apps'] }));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (!String(message.collection ?? '').startsWith('apps') || typeof message.doc?.position !== 'number') return;
      arrivals.push({ index, position: message.doc.position, at: performance.now() });
    });
    watchers.push({ session, socket });
  }
  // the wall page's first read: what a watcher loads on opening the board
  const wallPath = (limit) => `/api/v1/apps/${slug}/wall?limit=${limit}`;
  const loadTimes = { first: [], largest: [] };
  let cardsShown = 0;
  for (let i = 0; i < loads; i += 1) {
    for (const kind of ['first', 'largest']) {
      const session = watchers[i % watchers.length].session;
      const sent = performance.now();
      const wall = await session.request('GET', wallPath(WALL_LIMITS[kind]));
      if (wall.status !== 200) throw new Error(`GET wall answered ${wall.status}`);
      loadTimes[kind].push(performance.now() - sent);
      if (kind === 'largest') cardsShown = wall.body.columns.reduce((sum, column) => sum + column.items.length, 0);
    }
  }
  const total = (await admin.request('GET', wallPath(1))).body.columns.reduce((sum, column) => sum + (column.total ?? 0), 0);

  log(`${moves} moves one after the other, each to every watcher and the wall read back`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const toEveryPush = [];
  const toWallRead = [];
  const commandTimes = [];
  let missing = 0;
  let conflicts = 0;
  const started = performance.now();
  for (let i = 0; i < moves; i += 1) {
    const card = cards[(i * 37) % cards.length];
    const column = (card.column + 1) % COLUMNS.length;
    arrivals.length = 0;
    const sent = performance.now();
    const answer = await admin.request('POST', `/api/v1/apps/${slug}/items/${card.id}/move`, { value: COLUMNS[column].value, insert_after_id: null, revision: card.revision });
    commandTimes.push(performance.now() - sent);
    if (answer.status === 409) {
      conflicts += 1;
      continue;
    }
    if (answer.status >= 300) throw new Error(`move answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    card.column = column;
    card.revision = answer.body.revision ?? card.revision + 1;
    const { position } = answer.body;
    const firstByWatcher = new Map();
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      for (const arrival of arrivals) if (arrival.position >= position && !firstByWatcher.has(arrival.index)) firstByWatcher.set(arrival.index, arrival.at);
      if (firstByWatcher.size === watchers.length) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    missing += watchers.length - firstByWatcher.size;
    const times = [...firstByWatcher.values()];
    const lastAt = times.length > 0 ? Math.max(...times) : performance.now();
    toEveryPush.push(lastAt - sent);
    // the last watcher reads the wall at the move's position, as its console does on the push
    const last = [...firstByWatcher.entries()].find(([, at]) => at === lastAt)?.[0] ?? 0;
    const wall = await watchers[last].session.request('GET', wallPath(WALL_LIMITS.first), undefined, { 'x-consistency-position': String(position) });
    if (wall.status !== 200) throw new Error(`GET wall after the move answered ${wall.status}`);
    const shown = wall.body.columns.find((entry) => entry.value === COLUMNS[column].value);
    if (!shown?.items.some((item) => item.id === card.id)) throw new Error(`the moved card ${card.id} is not in its new column's first page`);
    toWallRead.push(performance.now() - sent);
  }
  const durationMs = performance.now() - started;
  for (const { socket } of watchers) socket.close();

  log('raw projection: the apps read models over the same log in memory');
  const raw = dataDir ? await rawBoardProjection(dataDir) : null;
  const everyPush = summarize(toEveryPush);
  return {
    items,
    items_on_board: total,
    fill_items_per_s: perSecond(items, fillMs),
    watchers: watchers.length,
    wall_load_first_page: { cards_per_column: WALL_LIMITS.first, ...summarize(loadTimes.first) },
    wall_load_largest_page: { cards_per_column: WALL_LIMITS.largest, cards: cardsShown, ...summarize(loadTimes.largest) },
    moves,
    moves_per_s: perSecond(moves, durationMs),
    conflicts,
    missing_pushes: missing,
    move_command: summarize(commandTimes),
    move_to_every_push: everyPush,
    move_to_wall_read: summarize(toWallRead),
    raw_projection: raw,
    // a move is one event: the raw projection's time for one event, beside the round trip
    ratio_every_push_p95_to_raw_event_ms: raw?.per_s ? round(everyPush.p95_ms / (1000 / raw.per_s), 0) : null,
  };
};

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const dataDir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), 'cn-bench-board-'));
  const server = await startServer({ root, dataDir, port: Number(process.env.BENCH_PORT ?? 0) || (await freePort()), env: { LOG_LEVEL: 'warn', PASSWORD_SCRYPT_N: '1024' } });
  try {
    const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
    const password = 'a good passphrase for the board bench';
    const count = int('BENCH_BOARD_WATCHERS', 20);
    process.stderr.write(`registering ${count} watchers\n`);
    const members = [];
    for (let i = 0; i < count; i += 1) {
      const email = `board-${i}@example.org`;
      const { status } = await admin.request('POST', '/administration/members', { user: { email, password, first_name: `Board${i}`, last_name: 'Watcher', send_welcome_mail: false, profile_id: null } });
      if (status >= 300) throw new Error(`POST /administration/members answered ${status}`);
      members.push({ email });
    }
    const result = await boardScenario({ baseUrl: server.baseUrl, admin, members, password, dataDir, log: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
