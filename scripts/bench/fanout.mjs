// Notification fan-out bench scenario (issue 11): N members of a group each have a console open (the
// realtime WebSocket, as the member console opens it); an administrator posts in the group, one post after
// the other. Per post: command → every member's push (the badge's trigger), and command → the last member's
// counter read back (GET /api/v1/unreads at the post's position, as that console does on the push).
// Beside it, in the same run, the raw limit: a bare `ws` server broadcasting the same number of messages to
// as many sockets in this process (what the machine and `ws` cost alone, with no platform).
//
//   node scripts/bench/fanout.mjs          (the built standalone server on a fresh data folder)
//   BENCH_FANOUT_MEMBERS=1000 BENCH_FANOUT_POSTS=20 node scripts/bench/fanout.mjs
//   BENCH_PROFILE_DIR=/tmp/prof ... (the server under `node --cpu-prof`; the posting phase's window is printed
//   as BENCH_PROFILE_WINDOW for scripts/bench/profile-summary.mjs)
//
// `fanoutScenario({ baseUrl, admin, members, password })` is exported for scripts/bench.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { freePort, startServer } from './server.mjs';
import { perSecond, round, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const { WebSocket, WebSocketServer } = require('ws');

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
/** runs `work` over `items`, `width` at a time */
const inBatches = async (items, width, work) => {
  const results = [];
  for (let start = 0; start < items.length; start += width) results.push(...(await Promise.all(items.slice(start, start + width).map((item, offset) => work(item, start + offset)))));
  return results;
};

/** the raw limit: a bare ws broadcast of `count` messages to `sockets` clients, time to the last receiver */
const bareBroadcast = async (sockets, count) => {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${server.address().port}`;
  let waiting = null;
  let left = 0;
  const clients = await inBatches(Array.from({ length: sockets }), 50, async () => {
    const client = new WebSocket(url);
    await opened(client);
    client.on('message', () => {
      left -= 1;
      if (left === 0) waiting?.();
    });
    return client;
  });
  while (wss.clients.size < sockets) await new Promise((resolve) => setTimeout(resolve, 5));
  const lastReceiver = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const sent = performance.now();
    left = sockets;
    const done = new Promise((resolve) => (waiting = resolve));
    const message = JSON.stringify({ type: 'changed', collection: 'activities_v1', id: 'g', doc: { position: i } });
    for (const client of wss.clients) client.send(message);
    await done;
    lastReceiver.push(performance.now() - sent);
  }
  const durationMs = performance.now() - started;
  for (const client of clients) client.close();
  await new Promise((resolve) => wss.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  return { last_receiver: summarize(lastReceiver), deliveries_per_s: perSecond(count * sockets, durationMs) };
};

export const fanoutScenario = async ({ baseUrl, admin, members, password, posts = int('BENCH_FANOUT_POSTS', 20), log = () => undefined }) => {
  const suffix = Date.now().toString(36);
  const categories = await admin.request('GET', '/api/v1/group_categories');
  const group = await admin.request('POST', '/groups', { group_category_slug: categories.body.group_categories[0].slug, group: { name: `Fan-out bench ${suffix}` } });
  if (group.status !== 201) throw new Error(`POST /groups answered ${group.status}`);
  const { slug } = group.body;

  log(`${members.length} members join the group and open a console`);
  const arrivals = [];
  const consoles = await inBatches(members, 20, async (member, index) => {
    const session = await signIn(baseUrl, member.email, password);
    const joined = await session.request('POST', `/api/v1/groups/${slug}/join`, undefined);
    if (joined.status >= 300) throw new Error(`joining the bench group answered ${joined.status}`);
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: session.cookie } });
    await opened(socket);
    // what the console hears: an activity changed in a stream at a position
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (!String(message.collection ?? '').startsWith('activities') || typeof message.doc?.position !== 'number') return;
      arrivals.push({ index, position: message.doc.position, at: performance.now() });
    });
    return { session, socket };
  });
  const joinedAt = (await admin.request('GET', `/api/v1/groups/${slug}`)).body;
  log(`group ${slug}: ${joinedAt?.members_count ?? members.length} members; ${posts} posts one after the other`);

  const toEveryPush = [];
  const toLastCounter = [];
  const allPushes = [];
  let missing = 0;
  const started = performance.now();
  const windowFrom = process.hrtime.bigint() / 1000n;
  for (let i = 0; i < posts; i += 1) {
    arrivals.length = 0;
    const sent = performance.now();
    const answer = await admin.request('POST', `/api/v1/activitystreams/${slug}/activities`, { content: `<p>Fan-out bench post ${i}</p>` });
    if (answer.status !== 201) throw new Error(`posting answered ${answer.status}`);
    const position = answer.body.position;
    const firstByMember = new Map();
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      for (const arrival of arrivals) if (arrival.position >= position && !firstByMember.has(arrival.index)) firstByMember.set(arrival.index, arrival.at);
      if (firstByMember.size === consoles.length) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    missing += consoles.length - firstByMember.size;
    const times = [...firstByMember.values()];
    for (const at of times) allPushes.push(at - sent);
    const lastAt = Math.max(...times);
    toEveryPush.push(lastAt - sent);
    // the last member's console reads its counters at the post's position, as it does on the push
    const last = [...firstByMember.entries()].find(([, at]) => at === lastAt)?.[0] ?? 0;
    const counters = await consoles[last].session.request('GET', '/api/v1/unreads', undefined, { 'x-consistency-position': String(position) });
    if (counters.status !== 200) throw new Error(`GET /api/v1/unreads answered ${counters.status}`);
    toLastCounter.push(performance.now() - sent);
  }
  const durationMs = performance.now() - started;
  log(`posting phase: BENCH_PROFILE_WINDOW=${windowFrom}-${process.hrtime.bigint() / 1000n}`);

  // every member's badge counts every post (a sample of 20 read back)
  const sample = consoles.filter((_unused, index) => index % Math.max(1, Math.floor(consoles.length / 20)) === 0);
  const counts = await Promise.all(sample.map(async ({ session }) => (await session.request('GET', '/api/v1/unreads', undefined)).body.activities.streams.find((stream) => stream.slug === slug)?.count ?? 0));
  for (const { socket } of consoles) socket.close();
  log('raw limit: a bare ws broadcast to as many sockets');
  const raw = await bareBroadcast(consoles.length, posts);
  return {
    members: consoles.length,
    posts,
    posts_per_s: perSecond(posts, durationMs),
    deliveries_per_s: perSecond(allPushes.length, durationMs),
    missing_pushes: missing,
    counters_checked: sample.length,
    counters_right: counts.filter((count) => count >= posts).length,
    command_to_every_push: summarize(toEveryPush),
    command_to_last_counter: summarize(toLastCounter),
    command_to_each_push: summarize(allPushes),
    bare_broadcast: raw,
    ratio_last_push_p95_to_raw: raw.last_receiver.p95_ms > 0 ? round(summarize(toEveryPush).p95_ms / raw.last_receiver.p95_ms, 1) : null,
  };
};

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-bench-fanout-'));
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer({ root, dataDir, port: await freePort(), env: { LOG_LEVEL: 'warn', PASSWORD_SCRYPT_N: '1024' }, nodeArgs });
  try {
    const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
    const password = 'a good passphrase for the fan-out bench';
    const count = int('BENCH_FANOUT_MEMBERS', 1000);
    process.stderr.write(`registering ${count} members\n`);
    const members = await inBatches(Array.from({ length: count }, (_unused, i) => `fanout-${i}@example.org`), 10, async (email, i) => {
      const { status } = await admin.request('POST', '/administration/members', { user: { email, password, first_name: `Fan${i}`, last_name: 'Out', send_welcome_mail: false, profile_id: null } });
      if (status >= 300) throw new Error(`POST /administration/members answered ${status}`);
      return { email };
    });
    const result = await fanoutScenario({ baseUrl: server.baseUrl, admin, members, password, log: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
