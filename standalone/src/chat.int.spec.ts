import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import { chatDraftStream, chatKeyOf, chatStream, CONSISTENCY_HEADER, REALTIME_SESSION_ENDED_CODE, type ChatDto, type ChatServerEvent, type ChatSocketAction, type GroupCategoriesResponse, type NotificationsResponse } from '@cn/contracts';
import { loadConfig, type PlatformConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/** a console's chat socket: every server event kept in order, helpers to wait for one */
class ChatClient {
  readonly events: ChatServerEvent[] = [];
  private waiters: Array<() => void> = [];
  private serial = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      this.events.push(JSON.parse(raw.toString('utf8')) as ChatServerEvent);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(port: number, client: SignedInClient, token: string, origin?: string): Promise<ChatClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/socket?token=${encodeURIComponent(token)}`, { headers: { Cookie: client.cookie, ...(origin ? { Origin: origin } : {}) } });
      const chat = new ChatClient(ws);
      ws.once('open', () => resolve(chat));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(action: ChatSocketAction): string {
    this.serial += 1;
    const ref = `r${this.serial}`;
    this.ws.send(JSON.stringify({ ...action, ref }));
    return ref;
  }

  async waitFor<T extends ChatServerEvent>(match: (event: ChatServerEvent) => event is T, from = 0, timeoutMs = 3000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such chat event within ${timeoutMs} ms; got ${JSON.stringify(this.events.slice(from))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** the answer to an action: its own event or an error */
  async answer(action: ChatSocketAction): Promise<ChatServerEvent> {
    const from = this.events.length;
    const ref = this.send(action);
    return this.waitFor((event): event is ChatServerEvent => 'ref' in event && event.ref === ref, from);
  }

  messages(): Array<Extract<ChatServerEvent, { event: 'message' }>['message']> {
    return this.events.flatMap((event) => (event.event === 'message' ? [event.message] : []));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

const isEvent = <K extends ChatServerEvent['event']>(kind: K) => (event: ChatServerEvent): event is Extract<ChatServerEvent, { event: K }> => event.event === kind;

describe('chat over the socket (standalone, two members)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-chat-'));
  let config: PlatformConfig;
  let running: RunningStandalone;
  let server: Server;
  let port: number;
  let ann: SignedInClient;
  let bob: SignedInClient;
  let eve: SignedInClient;
  let guest: SignedInClient;
  let position = 0;

  const call = async (client: SignedInClient, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const tokenOf = async (client: SignedInClient): Promise<string> => ((await call(client, 'post', '/api/v1/chat_token')).body as { token: string }).token;
  const connect = async (client: SignedInClient): Promise<ChatClient> => ChatClient.open(port, client, await tokenOf(client));
  const start = async (): Promise<void> => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    port = (server.address() as { port: number }).port;
  };
  const signInAll = async (): Promise<void> => {
    ann = await signInClient(server, 'member@example.org', DEMO_PASSWORD);
    bob = await signInClient(server, 'admin@example.org', DEMO_PASSWORD);
    eve = await signInClient(server, 'auditor@example.org', DEMO_PASSWORD);
    guest = await signInClient(server, 'guest@example.org', DEMO_PASSWORD);
  };
  const chatEvents = async (a: string, b: string) => running.infra.eventStore.readStream(chatStream(chatKeyOf(a, { type: 'member', id: b })));

  beforeAll(async () => {
    config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'chat-spec-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    await start();
    await signInAll();
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a socket without the token, with another member\'s token, or from another site', async () => {
    await expect(ChatClient.open(port, ann, 'nonsense')).rejects.toThrow('refused 401');
    await expect(ChatClient.open(port, ann, await tokenOf(bob))).rejects.toThrow('refused 401');
    await expect(ChatClient.open(port, ann, await tokenOf(ann), 'https://evil.example')).rejects.toThrow('refused 403');
  });

  it('closes a chat socket once its session ends (signed out elsewhere)', async () => {
    const session = await signInClient(server, 'guest@example.org', DEMO_PASSWORD);
    const chat = await connect(session);
    const closed = new Promise<number>((resolve) => chat.ws.once('close', (code: number) => resolve(code)));
    expect((await call(session, 'delete', '/users/sign_out')).status).toBe(204);
    expect(await closed).toBe(REALTIME_SESSION_ENDED_CODE);
  });

  it('delivers a message live; the author sees persisted, received and read; the unread badge rises and falls', async () => {
    const a = await connect(ann);
    const b = await connect(bob);
    const chatWithBob = `member/${bob.id}`;
    const chatWithAnn = `member/${ann.id}`;
    const details = await a.answer({ action: 'chat_details', chat_id: chatWithBob });
    expect(details).toMatchObject({ event: 'chat_details', messages: [], more: false, chat: { write: true, unread_count: 0 } });

    const sent = Date.now();
    const persisted = await a.answer({ action: 'send', chat_id: chatWithBob, message_id: 'hello-0000001', text: 'Hallo **Ada**' });
    expect(persisted).toMatchObject({ event: 'persisted', message_id: 'hello-0000001' });
    const live = await b.waitFor(isEvent('message'));
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(live.message).toMatchObject({ id: 'hello-0000001', chat_id: chatWithAnn, text: 'Hallo **Ada**', from: { id: ann.id, name: 'Max Member', deleted: false } });
    const unread = await b.waitFor((event): event is Extract<ChatServerEvent, { event: 'chat' }> => event.event === 'chat' && event.chat.unread_count === 1);
    expect(unread.unread_total).toBe(1);

    const fromA = a.events.length;
    await b.answer({ action: 'mark_as_received', chat_id: chatWithAnn, message_id: 'hello-0000001' });
    await a.waitFor((event): event is ChatServerEvent => event.event === 'mark_as_received' && event.partner_state.last_received_id === 'hello-0000001', fromA);
    await b.answer({ action: 'mark_as_read', chat_id: chatWithAnn, message_id: 'hello-0000001' });
    await a.waitFor((event): event is ChatServerEvent => event.event === 'mark_as_received' && event.partner_state.last_read_id === 'hello-0000001', fromA);
    const read = await b.waitFor((event): event is Extract<ChatServerEvent, { event: 'chat' }> => event.event === 'chat' && event.chat.unread_count === 0);
    expect(read.unread_total).toBe(0);
    expect((await chatEvents(ann.id, bob.id)).map((event) => event.type)).toEqual(['ChatMessagePosted', 'ChatMessagesReceived', 'ChatMessagesRead']);

    const list = await b.answer({ action: 'my_chats' });
    expect(list).toMatchObject({ event: 'my_chats', unread_total: 0 });
    expect((list as { chats: ChatDto[] }).chats.map((chat) => chat.id)).toContain(chatWithAnn);
    await a.close();
    await b.close();
  });

  it('a reconnecting member gets what they missed, in order, without duplicates', async () => {
    const b = await connect(bob);
    const a = await connect(ann);
    await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'before-000001', text: 'before' });
    const seen = await b.waitFor((event): event is Extract<ChatServerEvent, { event: 'message' }> => event.event === 'message' && event.message.id === 'before-000001');
    await b.close();
    for (let i = 1; i <= 3; i += 1) await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: `missed-00000${i}`, text: `missed ${i}` });
    // a resend of an unconfirmed message is stored once
    await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'missed-000003', text: 'missed 3' });

    const again = await connect(bob);
    const resumed = await again.answer({ action: 'resume', chats: { [`member/${ann.id}`]: seen.message.seq } });
    expect(resumed).toMatchObject({ event: 'resumed', position: 3 });
    await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'after-0000001', text: 'after' });
    await again.waitFor((event): event is ChatServerEvent => event.event === 'message' && event.message.id === 'after-0000001');
    expect(again.messages().map((message) => message.id)).toEqual(['missed-000001', 'missed-000002', 'missed-000003', 'after-0000001']);
    const details = (await again.answer({ action: 'chat_details', chat_id: `member/${ann.id}` })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(details.messages.map((message) => message.text)).toEqual(['Hallo **Ada**', 'before', 'missed 1', 'missed 2', 'missed 3', 'after']);
    await a.close();
    await again.close();
  });

  describe('resuming per chat by seq (several chats, positions interleaved)', () => {
    type Message = Extract<ChatServerEvent, { event: 'message' }>['message'];
    const say = (from: ChatClient, id: string) => from.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: id, text: id });
    const messageNamed = (id: string) => (event: ChatServerEvent): event is Extract<ChatServerEvent, { event: 'message' }> => event.event === 'message' && event.message.id === id;
    /** what the console does with every message from someone else: confirms it as received */
    const receive = async (client: ChatClient, messages: readonly Message[]): Promise<void> => {
      for (const message of messages) await client.answer({ action: 'mark_as_received', chat_id: message.chat_id, message_id: message.id });
    };
    const lastSeq = (messages: readonly Message[], chatId: string): number => Math.max(0, ...messages.filter((message) => message.chat_id === chatId).map((message) => message.seq));
    const receivedBy = async (from: ChatClient, id: string, since: number) =>
      from.waitFor((event): event is ChatServerEvent => event.event === 'mark_as_received' && event.partner_state.last_received_id === id, since);
    const clients: ChatClient[] = [];
    const open = async (client: SignedInClient): Promise<ChatClient> => {
      const opened = await connect(client);
      clients.push(opened);
      return opened;
    };
    afterAll(async () => {
      for (const client of clients) if (client.ws.readyState === WebSocket.OPEN) await client.close();
    });
    /** Ann and Eve write to Bob: two chats of his */
    const writers = async () => ({ a: await open(ann), e: await open(eve), withAnn: `member/${ann.id}`, withEve: `member/${eve.id}` });

    it('replays each missed message of both chats once, in log order, and the console marks each received', async () => {
      const { a, e, withAnn, withEve } = await writers();
      let b = await open(bob);
      for (const [from, id] of [[a, 'mix-ann-0001'], [e, 'mix-eve-0001'], [a, 'mix-ann-0002'], [e, 'mix-eve-0002']] as const) await say(from, id);
      await b.waitFor(messageNamed('mix-eve-0002'));
      const live = b.messages();
      expect(live.map((message) => message.id)).toEqual(['mix-ann-0001', 'mix-eve-0001', 'mix-ann-0002', 'mix-eve-0002']);
      await receive(b, live);
      const seen = { [withAnn]: lastSeq(live, withAnn), [withEve]: lastSeq(live, withEve) };
      await b.close();

      for (const [from, id] of [[e, 'mix-eve-0003'], [a, 'mix-ann-0003'], [e, 'mix-eve-0004'], [a, 'mix-ann-0004']] as const) await say(from, id);
      b = await open(bob);
      expect(await b.answer({ action: 'resume', chats: seen })).toMatchObject({ event: 'resumed', position: 4 });
      await say(e, 'mix-eve-0005');
      await b.waitFor(messageNamed('mix-eve-0005'));
      const replayed = b.messages();
      expect(replayed.map((message) => message.id)).toEqual(['mix-eve-0003', 'mix-ann-0003', 'mix-eve-0004', 'mix-ann-0004', 'mix-eve-0005']);
      expect(replayed.map((message) => message.position)).toEqual([...replayed.map((message) => message.position)].sort((x, y) => x - y));
      expect(replayed.map((message) => message.seq)).toEqual([seen[withEve] + 1, seen[withAnn] + 1, seen[withEve] + 2, seen[withAnn] + 2, seen[withEve] + 3]);

      const fromA = a.events.length;
      const fromE = e.events.length;
      await receive(b, replayed);
      await receivedBy(a, 'mix-ann-0004', fromA);
      await receivedBy(e, 'mix-eve-0005', fromE);
      const received = (await chatEvents(bob.id, eve.id)).filter((event) => event.type === 'ChatMessagesReceived').map((event) => (event.data as { up_to_seq: number }).up_to_seq);
      expect(received.at(-1)).toBe(seen[withEve] + 3);
    });

    it('does not skip a message of another chat stored below one the console already has (another partition), nor send that one twice', async () => {
      const { a, e, withAnn, withEve } = await writers();
      let b = await open(bob);
      const before = (await b.answer({ action: 'chat_details', chat_id: withEve })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
      const eveSeen = lastSeq(before.messages, withEve);
      await b.close();

      await say(e, 'low-eve-0001');
      await say(a, 'high-ann-0001');
      b = await open(bob);
      // the chat with Ann was opened first: the console has its newest message, stored above Eve's
      const details = (await b.answer({ action: 'chat_details', chat_id: withAnn })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
      const high = details.messages.at(-1) as Message;
      expect(high.id).toBe('high-ann-0001');
      expect(await b.answer({ action: 'resume', chats: { [withAnn]: high.seq, [withEve]: eveSeen } })).toMatchObject({ event: 'resumed', position: 1 });
      const [low] = b.messages();
      expect(b.messages().map((message) => message.id)).toEqual(['low-eve-0001']);
      expect(low?.position).toBeLessThan(high.position);
      await receive(b, b.messages());

      // a chat the console names nothing of: what none of the member's consoles received
      await b.close();
      await say(e, 'low-eve-0002');
      b = await open(bob);
      expect(await b.answer({ action: 'resume', chats: { [withAnn]: high.seq } })).toMatchObject({ event: 'resumed', position: 1 });
      expect(b.messages().map((message) => message.id)).toEqual(['low-eve-0002']);
      expect((await b.answer({ action: 'resume', chats: { [withAnn]: -1 } }))).toMatchObject({ event: 'error', status: 400, field: `chats.${withAnn}` });
    });
  });

  it('refuses a chat the member is not in with 403 and appends nothing; bad input names the field', async () => {
    const categorySlug = ((await call(bob, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0]?.slug ?? '';
    const created = await call(bob, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Chatters', chat: 'enabled' } });
    expect(created.status).toBe(201);
    const groupId = (created.body as { id: string }).id;
    const e = await connect(eve);
    const before = await running.infra.eventStore.headPosition();
    expect(await e.answer({ action: 'chat_details', chat_id: `group/${groupId}` })).toMatchObject({ event: 'error', status: 403, key: 'forbidden' });
    expect(await e.answer({ action: 'send', chat_id: `group/${groupId}`, message_id: 'intrude-00001', text: 'hi' })).toMatchObject({ event: 'error', status: 403, key: 'forbidden' });
    expect(await e.answer({ action: 'send', chat_id: `member/${eve.id}`, message_id: 'myself-000001', text: 'hi' })).toMatchObject({ event: 'error', status: 403 });
    expect(await e.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'blank-0000001', text: '   ' })).toMatchObject({ event: 'error', status: 400, key: 'required', field: 'text' });
    expect(await running.infra.eventStore.headPosition()).toBe(before);
    // the group's member writes in its chat; the outsider hears nothing of it
    const b = await connect(bob);
    expect(await b.answer({ action: 'send', chat_id: `group/${groupId}`, message_id: 'group-0000001', text: 'only for members' })).toMatchObject({ event: 'persisted' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(e.messages()).toEqual([]);
    await e.close();
    await b.close();
  });

  it('the write flag and start_private_chat agree with what the server accepts, for every role', async () => {
    const outcomes: Array<{ who: string; chat: string; write: boolean; accepted: boolean }> = [];
    const categorySlug = ((await call(bob, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0]?.slug ?? '';
    const enabled = ((await call(bob, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Flags on', chat: 'enabled' } })).body as { id: string }).id;
    const disabled = ((await call(bob, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Flags off', chat: 'disabled' } })).body as { id: string }).id;
    let serial = 0;
    for (const allowGuests of [true, false]) {
      expect((await call(bob, 'put', '/administration/settings', { member: { guest_users_allow_chat: allowGuests } })).status).toBe(200);
      for (const [who, client] of [['member', ann], ['admin', bob], ['auditor', eve], ['guest', guest]] as const) {
        const socket = await connect(client);
        for (const chat of [`member/${who === 'member' ? bob.id : ann.id}`, `group/${enabled}`, `group/${disabled}`]) {
          const details = await socket.answer({ action: 'chat_details', chat_id: chat });
          const write = details.event === 'chat_details' ? details.chat.write : false;
          if (details.event === 'chat_details' && chat.startsWith('group/')) expect(details.chat.can.start_private_chat).toBe(who !== 'guest');
          serial += 1;
          const before = await running.infra.eventStore.headPosition();
          const sent = await socket.answer({ action: 'send', chat_id: chat, message_id: `flags-${String(serial).padStart(6, '0')}`, text: 'flag check' });
          const accepted = sent.event === 'persisted';
          if (!accepted) expect(await running.infra.eventStore.headPosition()).toBe(before);
          outcomes.push({ who: `${who}${allowGuests ? '' : ' (guests may not chat)'}`, chat, write, accepted });
        }
        await socket.close();
      }
    }
    expect(outcomes.filter((outcome) => outcome.write !== outcome.accepted)).toEqual([]);
    // the walk covered both answers
    expect(outcomes.some((outcome) => outcome.accepted)).toBe(true);
    expect(outcomes.some((outcome) => !outcome.accepted)).toBe(true);
    expect(outcomes.find((outcome) => outcome.who === 'guest (guests may not chat)' && outcome.chat.startsWith('member/'))?.accepted).toBe(false);
    await call(bob, 'put', '/administration/settings', { member: { guest_users_allow_chat: true } });
  });

  it('a group chat turned on reaches its members\' chat lists live', async () => {
    const b = await connect(bob);
    const categorySlug = ((await call(bob, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0]?.slug ?? '';
    const from = b.events.length;
    const created = await call(bob, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Live chatters', chat: 'enabled' } });
    const groupId = (created.body as { id: string }).id;
    const list = await b.waitFor((event): event is Extract<ChatServerEvent, { event: 'my_chats' }> => event.event === 'my_chats' && event.chats.some((chat) => chat.id === `group/${groupId}`), from);
    expect(list.chats.find((chat) => chat.id === `group/${groupId}`)).toMatchObject({ name: 'Live chatters', write: true, unread_count: 0, category: expect.any(String) });
    await b.close();
  });

  it("a partner's status change reaches the open chat list live", async () => {
    const a = await connect(ann);
    const b = await connect(bob);
    const from = a.events.length;
    expect(await b.answer({ action: 'set_status', type: 'busy', text: 'in a meeting' })).toMatchObject({ event: 'ok' });
    const changed = await a.waitFor((event): event is Extract<ChatServerEvent, { event: 'chat' }> => event.event === 'chat' && event.chat.id === `member/${bob.id}` && event.chat.status?.type === 'busy', from);
    expect(changed.chat.status).toEqual({ type: 'busy', text: 'in a meeting' });
    await a.close();
    await b.close();
  });

  it("carries the partner's, the group's and each author's profile image (initials' fallback where there is none)", async () => {
    // a 2×2 PNG
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001249444154789c63f8cfc0c000c20cff8100001fee05fb0bd9688b0000000049454e44ae426082', 'hex');
    const uploaded = await request(server).put(`/members/${ann.id}/image`).set('Cookie', ann.cookie).set('X-CSRF-Token', ann.csrf).attach('file', png, 'me.png');
    expect(uploaded.status).toBe(200);
    position = Math.max(position, (uploaded.body as { position: number }).position);
    const uploadedUrl = (uploaded.body as { image_url: string }).image_url;
    expect(uploadedUrl).toMatch(new RegExp(`^/members/${ann.id}/image\\?v=\\d+&size=large$`));
    // the chat shows the small size (200×200) of the same version
    const annImage = uploadedUrl.replace('size=large', 'size=small');
    const a = await connect(ann);
    const b = await connect(bob);
    const from = b.events.length;
    await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'image-0000001', text: 'with a face' });
    const live = await b.waitFor((event): event is Extract<ChatServerEvent, { event: 'message' }> => event.event === 'message' && event.message.id === 'image-0000001', from);
    expect(live.message.from).toMatchObject({ id: ann.id, deleted: false, image_url: annImage });
    const details = await b.answer({ action: 'chat_details', chat_id: `member/${ann.id}` });
    expect(details).toMatchObject({ event: 'chat_details', chat: { image_url: annImage, image_id: expect.any(String) } });
    const fromAnn = (details as Extract<ChatServerEvent, { event: 'chat_details' }>).messages.filter((message) => message.from.id === ann.id);
    expect(fromAnn.length).toBeGreaterThan(0);
    for (const message of fromAnn) expect(message.from.image_url).toBe(annImage);
    // Bob has no image: Ann's view of the chat falls back to his initials
    expect(await a.answer({ action: 'chat_details', chat_id: `member/${bob.id}` })).toMatchObject({ chat: { image_id: null, image_url: null } });

    // a group's chat shows the group's image
    const categorySlug = ((await call(bob, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0]?.slug ?? '';
    const founded = await call(bob, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Picture chatters', chat: 'enabled' } });
    const { slug, id } = founded.body as { slug: string; id: string };
    // let the group's creation reach the socket first: what follows the upload is the image's push
    await new Promise((resolve) => setTimeout(resolve, 300));
    const beforeUpload = b.events.length;
    const groupUpload = await request(server).put(`/groups/${slug}/image`).set('Cookie', bob.cookie).set('X-CSRF-Token', bob.csrf).attach('file', png, 'group.png');
    expect(groupUpload.status).toBe(200);
    position = Math.max(position, (groupUpload.body as { position: number }).position);
    // the socket reads the read models as they are: wait until the projection has the image
    const groupImage = (groupUpload.body as { image_url: string }).image_url.replace('size=large', 'size=small');
    let groupChat: ChatServerEvent | null = null;
    for (let tries = 0; tries < 20; tries += 1) {
      groupChat = await b.answer({ action: 'chat_details', chat_id: `group/${id}` });
      if (groupChat.event === 'chat_details' && groupChat.chat.image_url === groupImage) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(groupChat).toMatchObject({ chat: { image_url: groupImage } });
    // and the open chat list heard it without asking: the group's new image is pushed to its members
    const pushedImage = () =>
      b.events.slice(beforeUpload).some((event) => event.event === 'my_chats' && event.ref === undefined && event.chats.some((chat) => chat.id === `group/${id}` && chat.image_url === groupImage));
    for (let waited = 0; waited < 1000 && !pushedImage(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pushedImage()).toBe(true);
    expect((groupUpload.body as { image_url: string }).image_url).toMatch(/^\/api\/v1\/group_images\//);
    await a.close();
    await b.close();
  });

  it("a draft follows its member to their other console, never reaches the partner, is sealed and redacted in the audit, and sending clears it", async () => {
    const first = await connect(ann);
    const second = await connect(ann);
    const partner = await connect(bob);
    const chatWithBob = `member/${bob.id}`;
    const draftStream = () => running.infra.eventStore.readStream(chatDraftStream(chatKeyOf(ann.id, { type: 'member', id: bob.id }), ann.id));
    const fromSecond = second.events.length;
    const sent = Date.now();
    expect(await first.answer({ action: 'save_draft', chat_id: chatWithBob, text: 'half a secret thought' })).toMatchObject({ event: 'ok' });
    const pushed = await second.waitFor((event): event is Extract<ChatServerEvent, { event: 'draft' }> => event.event === 'draft' && event.text === 'half a secret thought', fromSecond);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(pushed.chat_id).toBe(chatWithBob);
    const details = (await second.answer({ action: 'chat_details', chat_id: chatWithBob })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(details.draft).toBe('half a secret thought');
    // the partner's console never hears of it
    const partnerDetails = (await partner.answer({ action: 'chat_details', chat_id: `member/${ann.id}` })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(partnerDetails.draft).toBe('');
    expect(JSON.stringify(partner.events)).not.toContain('half a secret thought');

    const stored = await draftStream();
    expect(stored.map((event) => event.type)).toEqual(['ChatDraftSaved']);
    expect(JSON.stringify(stored)).not.toContain('half a secret thought');
    expect(JSON.stringify(await running.infra.documentStore.collection('chat_drafts_v1').find({}))).not.toContain('half a secret thought');
    const audit = await call(bob, 'get', '/api/v1/audit/events?type=ChatDraftSaved');
    expect(audit.status).toBe(200);
    expect((audit.body as { events: Array<{ type: string }> }).events.map((event) => event.type)).toContain('ChatDraftSaved');
    expect(JSON.stringify(audit.body)).not.toContain('half a secret thought');

    // bad input and outsiders: refused, nothing appended
    expect(await first.answer({ action: 'save_draft', chat_id: chatWithBob, text: 'bell\u0007' })).toMatchObject({ event: 'error', status: 400, key: 'invalid_characters', field: 'text' });
    const outsider = await connect(guest);
    expect(await outsider.answer({ action: 'save_draft', chat_id: `group/nope-group`, text: 'x' })).toMatchObject({ event: 'error', status: 403 });
    expect((await call(ann, 'put', `/api/v1/chats/member/${bob.id}/draft`, { text: 'x'.repeat(10_001) })).body).toMatchObject({ errors: [{ field: 'text', key: 'too_long' }] });
    expect(await draftStream()).toHaveLength(1);

    // sending clears the author's draft on every console
    const cleared = second.events.length;
    expect(await first.answer({ action: 'send', chat_id: chatWithBob, message_id: 'draft-sent-0001', text: 'half a secret thought, finished' })).toMatchObject({ event: 'persisted' });
    await second.waitFor((event): event is ChatServerEvent => event.event === 'draft' && event.text === '', cleared);
    expect(((await second.answer({ action: 'chat_details', chat_id: chatWithBob })) as Extract<ChatServerEvent, { event: 'chat_details' }>).draft).toBe('');
    for (const client of [first, second, partner, outsider]) await client.close();
  });

  it("the chat list carries the member's own draft with its position (the marker), on every console of theirs and never on the partner's", async () => {
    const first = await connect(ann);
    const partner = await connect(bob);
    const chatWithBob = `member/${bob.id}`;
    const chatWithAnn = `member/${ann.id}`;
    type Listed = Extract<ChatServerEvent, { event: 'my_chats' }>;
    const listedDraft = async (client: ChatClient, chatId: string) => ((await client.answer({ action: 'my_chats' })) as Listed).chats.find((chat) => chat.id === chatId)?.draft;
    const saved = await first.answer({ action: 'save_draft', chat_id: chatWithBob, text: 'a marker for the list' });
    expect(saved).toMatchObject({ event: 'ok' });
    const savedAt = (saved as { position: number }).position;
    // a console opened afterwards (another tab, another device) lists it at once
    const later = await connect(ann);
    expect(await listedDraft(later, chatWithBob)).toEqual({ text: 'a marker for the list', position: savedAt });
    expect(await listedDraft(partner, chatWithAnn)).toBeNull();

    // a newer save reaches the other console live with a higher position: an older list answer is never news
    const fromLater = later.events.length;
    const newer = (await first.answer({ action: 'save_draft', chat_id: chatWithBob, text: 'a newer marker' })) as { position: number };
    const pushed = await later.waitFor((event): event is Extract<ChatServerEvent, { event: 'draft' }> => event.event === 'draft' && event.text === 'a newer marker', fromLater);
    expect(pushed.position).toBe(newer.position);
    expect(newer.position).toBeGreaterThan(savedAt);

    // sending clears it: the author's chat list shows no draft any more, on every console
    const fromClear = later.events.length;
    await first.answer({ action: 'send', chat_id: chatWithBob, message_id: 'marker-sent-01', text: 'sent at last' });
    const listed = await later.waitFor((event): event is Extract<ChatServerEvent, { event: 'chat' }> => event.event === 'chat' && event.chat.id === chatWithBob && event.chat.last_message?.text === 'sent at last', fromClear);
    expect(listed.chat.draft).toMatchObject({ text: '' });
    expect(listed.chat.draft?.position).toBeGreaterThan(newer.position);
    expect(await listedDraft(later, chatWithBob)).toMatchObject({ text: '' });
    for (const text of ['a marker for the list', 'a newer marker']) expect(JSON.stringify(partner.events)).not.toContain(text);
    for (const client of [first, later, partner]) await client.close();
  });

  it('a mention picked in a chat rings the bell of the mentioned member of the chat only (stored as ids, not the author, not outsiders)', async () => {
    const a = await connect(ann);
    const text = `look [@Admin](/members/${bob.id}) and [@Auditor](/members/${eve.id}), [@me](/members/${ann.id})`;
    const persisted = await a.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'mention-00001', text });
    expect(persisted).toMatchObject({ event: 'persisted' });
    position = Math.max(position, (persisted as Extract<ChatServerEvent, { event: 'persisted' }>).position);
    const posted = (await chatEvents(ann.id, bob.id)).find((event) => (event.data as { message_id?: string }).message_id === 'mention-00001');
    expect((posted?.data as { mentioned_ids?: string[] }).mentioned_ids).toEqual([bob.id]);
    const bell = (await call(bob, 'get', '/api/v1/notifications')).body as NotificationsResponse;
    expect(bell.notifications[0]).toMatchObject({ kind: 'mentioned', read: false, actor: { id: ann.id }, subject: { type: 'chat', id: `member/${ann.id}`, html_url: `/chat/member/${ann.id}` } });
    for (const other of [eve, ann]) {
      const theirs = (await call(other, 'get', '/api/v1/notifications')).body as NotificationsResponse;
      expect(theirs.notifications.filter((notification) => notification.subject.type === 'chat')).toEqual([]);
    }
    await a.close();
  });

  it('erasing an author blanks their messages for everyone (their key is gone)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001249444154789c63f8cfc0c000c20cff8100001fee05fb0bd9688b0000000049454e44ae426082', 'hex');
    expect((await request(server).put(`/members/${eve.id}/image`).set('Cookie', eve.cookie).set('X-CSRF-Token', eve.csrf).attach('file', png, 'eve.png')).status).toBe(200);
    const e = await connect(eve);
    expect(await e.answer({ action: 'send', chat_id: `member/${bob.id}`, message_id: 'erased-000001', text: 'soon gone' })).toMatchObject({ event: 'persisted' });
    await e.close();
    expect((await call(bob, 'delete', `/administration/members/${eve.id}`)).status).toBeLessThan(300);
    const b = await connect(bob);
    const details = (await b.answer({ action: 'chat_details', chat_id: `member/${eve.id}` })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(details.event).toBe('chat_details');
    expect(details.chat.write).toBe(false);
    // a deleted author keeps the initials' fallback: no image in the chat nor beside their messages
    expect(details.messages.find((message) => message.id === 'erased-000001')).toMatchObject({ text: '', from: { id: eve.id, deleted: true, image_id: null, image_url: null } });
    expect(details.chat).toMatchObject({ image_id: null, image_url: null });
    const stored = await running.infra.documentStore.collection('chat_messages_v1').get('erased-000001');
    expect(JSON.stringify(stored)).not.toContain('soon gone');
    await b.close();
  });

  it('a timed mute that ends while the server is down ends once after the restart', async () => {
    const a = await connect(ann);
    const until = new Date(Date.now() + 1500).toISOString();
    expect(await a.answer({ action: 'mute_chat', chat_id: `member/${bob.id}`, until })).toMatchObject({ event: 'ok' });
    const muted = (await a.answer({ action: 'chat_details', chat_id: `member/${bob.id}` })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(muted.chat).toMatchObject({ muted: true, muted_until: until });
    await a.close();
    await running.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await start();
    // eve was erased above: only the pair signs in again
    ann = await signInClient(server, 'member@example.org', DEMO_PASSWORD);
    bob = await signInClient(server, 'admin@example.org', DEMO_PASSWORD);
    const unmuted = async () => (await chatEvents(ann.id, bob.id)).filter((event) => event.type === 'ChatUnmuted');
    const deadline = Date.now() + 5000;
    while ((await unmuted()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await unmuted()).map((event) => event.data)).toEqual([{ chat_key: chatKeyOf(ann.id, { type: 'member', id: bob.id }), member_id: ann.id, app: false, expired: true }]);
    const again = await connect(ann);
    const details = (await again.answer({ action: 'chat_details', chat_id: `member/${bob.id}` })) as Extract<ChatServerEvent, { event: 'chat_details' }>;
    expect(details.chat).toMatchObject({ muted: false, muted_until: null });
    // the messages survived the restart
    expect(details.messages.length).toBeGreaterThan(5);
    await again.close();
  });
});
