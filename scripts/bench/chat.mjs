// Chat bench scenario: one member writes to a group chat whose N members all have the chat socket open;
// measures messages/s delivered to the members and the send→receive latency (p50/p95) at the receivers,
// beside a bare WebSocket echo in the same process and run (what the machine and `ws` cost alone).
//
//   node scripts/bench/chat.mjs                (starts the built standalone server on a fresh data folder)
//   BENCH_CHAT_MEMBERS=50 BENCH_CHAT_MESSAGES=300 node scripts/bench/chat.mjs
//
// `chatScenario({ baseUrl, admin, password })` is exported for scripts/bench.mjs to call in its own run.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { freePort, startServer } from './server.mjs';
import { perSecond, summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const { WebSocket, WebSocketServer } = require('ws');

const int = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const waitOpen = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused ${res.statusCode}`)));
  });

/** a bare WebSocket echo on its own port: the round trip without the platform */
const echoBaseline = async (count) => {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
  await waitOpen(socket);
  const latencies = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const sent = performance.now();
    await new Promise((resolve) => {
      socket.once('message', resolve);
      socket.send(JSON.stringify({ i, text: `echo ${i}` }));
    });
    latencies.push(performance.now() - sent);
  }
  const durationMs = performance.now() - started;
  socket.close();
  await new Promise((resolve) => wss.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  return { ...summarize(latencies), per_s: perSecond(count, durationMs) };
};

const openChatSocket = async (baseUrl, session) => {
  const { body } = await session.request('POST', '/api/v1/chat_token', undefined);
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/chat/socket?token=${encodeURIComponent(body.token)}`, { headers: { cookie: session.cookie } });
  await waitOpen(socket);
  return socket;
};

export const chatScenario = async ({ baseUrl, admin, password, adminPassword = password, members = int('BENCH_CHAT_MEMBERS', 20), messages = int('BENCH_CHAT_MESSAGES', 200), log = () => undefined }) => {
  const suffix = Date.now().toString(36);
  // the members, then a group with its chat on that they all join
  const emails = [];
  for (let i = 0; i < members; i += 1) {
    const email = `chat-bench-${suffix}-${i}@example.org`;
    const { status } = await admin.request('POST', '/administration/members', { user: { email, password, first_name: `Chat${i}`, last_name: 'Bench', send_welcome_mail: false, profile_id: null } });
    if (status >= 300) throw new Error(`POST /administration/members answered ${status}`);
    emails.push(email);
  }
  const categories = await admin.request('GET', '/api/v1/group_categories');
  const categorySlug = categories.body.group_categories[0].slug;
  const group = await admin.request('POST', '/groups', { group_category_slug: categorySlug, group: { name: `Chat bench ${suffix}`, chat: 'enabled' } });
  if (group.status !== 201) throw new Error(`POST /groups answered ${group.status}`);
  const { slug, id: groupId } = group.body;
  const sessions = [];
  for (const email of emails) {
    const session = await signIn(baseUrl, email, password);
    const joined = await session.request('POST', `/api/v1/groups/${slug}/join`, undefined);
    if (joined.status >= 300) throw new Error(`joining the bench group answered ${joined.status}`);
    sessions.push(session);
  }
  log(`${members} members joined the group chat; opening their chat sockets`);

  const sentAt = new Map();
  const latencies = [];
  let delivered = 0;
  let lastDelivery = 0;
  const receivers = [];
  for (const session of sessions) {
    const socket = await openChatSocket(baseUrl, session);
    socket.on('message', (raw) => {
      const event = JSON.parse(raw.toString());
      if (event.event !== 'message') return;
      const start = sentAt.get(event.message.id);
      if (start === undefined) return;
      delivered += 1;
      lastDelivery = performance.now();
      latencies.push(lastDelivery - start);
    });
    receivers.push(socket);
  }
  const writer = await openChatSocket(baseUrl, await signIn(baseUrl, admin.email, adminPassword));
  const persisted = new Map();
  writer.on('message', (raw) => {
    const event = JSON.parse(raw.toString());
    if (event.event === 'persisted' || event.event === 'error') persisted.get(event.ref)?.(event);
  });

  log(`sending ${messages} messages to ${members} open sockets`);
  const started = performance.now();
  for (let i = 0; i < messages; i += 1) {
    const id = `bench-${suffix}-${String(i).padStart(6, '0')}`;
    const ref = `r${i}`;
    sentAt.set(id, performance.now());
    const answer = new Promise((resolve) => persisted.set(ref, resolve));
    writer.send(JSON.stringify({ action: 'send', chat_id: `group/${groupId}`, message_id: id, text: `bench message ${i}`, quoted_message_id: null, ref }));
    const event = await answer;
    if (event.event !== 'persisted') throw new Error(`send answered ${JSON.stringify(event)}`);
  }
  const expected = messages * members;
  const deadline = performance.now() + 30_000;
  while (delivered < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const durationMs = (lastDelivery || performance.now()) - started;
  for (const socket of [...receivers, writer]) socket.close();
  const echo = await echoBaseline(messages);
  return {
    members,
    messages,
    delivered,
    expected,
    deliveries_per_s: perSecond(delivered, durationMs),
    messages_per_s: perSecond(messages, durationMs),
    send_to_receive: summarize(latencies),
    bare_websocket_echo: echo,
  };
};

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-bench-chat-'));
  const server = await startServer({ root, dataDir, port: await freePort(), env: { LOG_LEVEL: 'warn', PASSWORD_SCRYPT_N: '1024' } });
  try {
    const admin = { ...(await signIn(server.baseUrl, 'admin@example.org', 'changeme')), email: 'admin@example.org' };
    const result = await chatScenario({ baseUrl: server.baseUrl, admin, password: 'a good passphrase for the chat bench', adminPassword: 'changeme', log: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
