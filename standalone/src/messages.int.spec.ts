import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  messageStream,
  type GroupCategoriesResponse,
  type MessageDetailDto,
  type MessageSentAccepted,
  type MessagesResponse,
  type RecipientOptionsResponse,
  type UnreadMessagesResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const PASSWORD = 'a good passphrase for tests';

/**
 * Direct messages over HTTP, all services in one process: sending to members, groups (expanded at send
 * time) and the network (administrators only), replies in one conversation, forwards, read marks and
 * deletion each for oneself, and privacy: nobody reads a message they neither sent nor received, even by id.
 */
describe('direct messages over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-messages-'));
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, Client> = {};
  let restart: () => Promise<void> = () => Promise.resolve();

  const { call, must } = httpCaller(() => server);
  const register = async (name: string): Promise<Client> => {
    const email = `${name}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signInClient(server, email, PASSWORD);
  };
  const send = (from: Client, body: object) => must<MessageSentAccepted>(from, 'post', '/api/v1/messages', body);
  const inbox = (client: Client) => must<MessagesResponse>(client, 'get', '/api/v1/messages?limit=10&offset=0');
  const sentBox = (client: Client) => must<MessagesResponse>(client, 'get', '/api/v1/messages/sent');
  const head = () => running.infra.eventStore.headPosition();

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'messages-int-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    restart = async () => {
      await running.stop();
      running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
      server = running.app.getHttpServer() as Server;
    };
    for (const name of ['admin', 'member', 'guest']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    for (const name of ['ann', 'bob', 'cid']) clients[name] = await register(name);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a message: the recipient finds it unread in the inbox, the sender in the sent box; the log holds it encrypted', async () => {
    const { ann, bob } = clients;
    const { id } = await send(ann, { to: [bob.id], subject: 'Lunch on Friday', content: 'Shall we meet at noon?' });
    const received = await inbox(bob);
    expect(received).toMatchObject({ total: 1, unread_count: 1, can: { send_direct_messages: true, send_to_network: false } });
    expect(received.messages[0]).toMatchObject({ id, box: 'inbox', subject: 'Lunch on Friday', snippet: 'Shall we meet at noon?', author: { id: ann.id }, i: { read: false }, can: { reply: true, mark_read: true } });
    expect((await must<UnreadMessagesResponse>(bob, 'get', '/api/v1/unreads/messages')).total).toBe(1);
    expect((await call(bob, 'get', '/api/v1/messages?limit=10&offset=0')).headers['x-total-pages']).toBe('1');
    expect((await call(bob, 'get', '/api/v1/messages?limit=0')).body.errors).toContainEqual(expect.objectContaining({ field: 'limit', key: 'too_small' }));
    const sent = await sentBox(ann);
    expect(sent.messages[0]).toMatchObject({ id, box: 'sent', to: [{ id: bob.id }], to_count: 1, i: { read: true }, can: { reply: false, forward: true, mark_read: false } });

    const [event] = await running.infra.eventStore.readStream(messageStream(id));
    expect(event).toMatchObject({ type: 'MessageSent', data: { author_id: ann.id, recipient_ids: [bob.id], subject: { subject: ann.id }, content: { subject: ann.id } } });
    expect(JSON.stringify(event.data)).not.toContain('Lunch');

    // the audit log tells that a message was sent, not what it says
    const audit = await must<{ events: Array<{ stream: string; data: Record<string, unknown> }> }>(clients.admin, 'get', `/api/v1/audit/events?stream=${messageStream(id)}`);
    expect(audit.events[0]?.data).toMatchObject({ author_id: ann.id, subject: '[redacted]', content: '[redacted]' });
    expect(JSON.stringify(audit)).not.toContain('Lunch');
  });

  it('refuses bad input naming the field, 401 before 400, and appends nothing', async () => {
    const { ann, bob } = clients;
    const before = await head();
    expect((await call(null, 'post', '/api/v1/messages', {})).status).toBe(401);
    const missing = await call(ann, 'post', '/api/v1/messages', { content: 'Hello' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'to', key: 'missing_recipient' }));
    const empty = await call(ann, 'post', '/api/v1/messages', { to: [bob.id], content: '   ' });
    expect(empty.body.errors).toContainEqual(expect.objectContaining({ field: 'content', key: 'required' }));
    const attached = await call(ann, 'post', '/api/v1/messages', { to: [bob.id], content: 'See attached', attachments: [{ id: 'f1' }] });
    expect(attached.status).toBe(422);
    expect(attached.body.errors).toContainEqual(expect.objectContaining({ field: 'attachments.0', key: 'unknown_attachment' }));
    const self = await call(ann, 'post', '/api/v1/messages', { to: [ann.id], content: 'Note to self' });
    expect(self.status).toBe(400);
    expect(self.body.errors).toContainEqual(expect.objectContaining({ field: 'to', key: 'missing_recipient' }));
    const ghost = await call(ann, 'post', '/api/v1/messages', { to: ['no-such-member'], content: 'Hello?' });
    expect(ghost.status).toBe(422);
    expect(ghost.body.errors).toContainEqual(expect.objectContaining({ field: 'to', key: 'unknown_recipient' }));
    expect((await call(ann, 'post', '/api/v1/messages/read', { message_ids: [] })).body.errors).toContainEqual(expect.objectContaining({ field: 'message_ids', key: 'required' }));
    expect(await head()).toBe(before);
  });

  it('a member never reads a message not addressed to or sent by them, even by id: 404 and nothing leaked', async () => {
    const { ann, bob, cid } = clients;
    const { id } = await send(ann, { to: [bob.id], subject: 'Private matter', content: 'Only for Bob' });
    const before = await head();
    for (const [method, path, body] of [
      ['get', `/api/v1/messages/${id}`],
      ['post', `/api/v1/messages/${id}/read`],
      ['delete', `/api/v1/messages/${id}/read`],
      ['delete', `/api/v1/messages/${id}`],
      ['delete', `/api/v1/messages/sent/${id}`],
      ['post', '/api/v1/messages/read', { message_ids: [id] }],
      ['delete', '/api/v1/messages/delete', { message_ids: [id] }],
    ] as Array<[Method, string, object?]>) {
      const res = await call(cid, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect(JSON.stringify(res.body)).not.toContain('Private matter');
    }
    // replying into someone else's conversation or forwarding their message is refused too
    const reply = await call(cid, 'post', '/api/v1/messages', { to: [ann.id], content: 'Me too', conversation_starter_id: id });
    expect(reply.status).toBe(404);
    expect(reply.body.errors).toContainEqual(expect.objectContaining({ field: 'conversation_starter_id', key: 'unknown_conversation' }));
    expect((await call(cid, 'post', '/api/v1/messages', { to: [ann.id], content: 'Fwd', forwarded_message_id: id })).status).toBe(404);
    expect(await head()).toBe(before);
    expect((await inbox(cid)).messages.map((message) => message.id)).not.toContain(id);
    // the sender reads their own message; the sent copy has no read marks
    expect((await must<MessageDetailDto>(ann, 'get', `/api/v1/messages/${id}`)).subject).toBe('Private matter');
    expect((await call(ann, 'post', `/api/v1/messages/${id}/read`)).status).toBe(404);
  });

  it('replies continue the conversation, shown newest first; forwards start a new one', async () => {
    const { ann, bob, cid } = clients;
    const { id: first } = await send(ann, { to: [bob.id, cid.id], subject: 'Plan', content: 'First draft' });
    const { id: reply } = await send(bob, { to: [ann.id], subject: 'Re: Plan', content: 'Looks good', conversation_starter_id: first });
    const { id: replyAll } = await send(cid, { to: [ann.id, bob.id], subject: 'Re: Plan', content: 'Agreed', conversation_starter_id: first });
    const detail = await must<MessageDetailDto>(ann, 'get', `/api/v1/messages/${reply}`);
    expect(detail.conversation.map((message) => message.id)).toEqual([replyAll, reply, first]);
    expect(detail).toMatchObject({ conversation_starter_id: first, conversation_length: 3, has_replies: true });
    // Cid holds the first message and their own reply, not Bob's answer to Ann alone
    expect((await must<MessageDetailDto>(cid, 'get', `/api/v1/messages/${first}`)).conversation.map((message) => message.id)).toEqual([replyAll, first]);

    const { id: forward } = await send(bob, { to: [clients.member.id], subject: 'Fwd: Plan', content: 'FYI\n> First draft', forwarded_message_id: first });
    const forwarded = await must<MessageDetailDto>(clients.member, 'get', `/api/v1/messages/${forward}`);
    expect(forwarded).toMatchObject({ forwarded_message_id: first, conversation_starter_id: forward, conversation_length: 1, author: { id: bob.id } });
  });

  it('read and unread marks and deletion are each member\'s own: deleting leaves the other\'s copy', async () => {
    const { ann, bob, cid } = clients;
    const a = await send(ann, { to: [bob.id, cid.id], content: 'One' });
    const b = await send(ann, { to: [bob.id], content: 'Two' });
    const unread = async (client: Client) => (await must<UnreadMessagesResponse>(client, 'get', '/api/v1/unreads/messages')).total;
    const bobBefore = await unread(bob);
    const cidBefore = await unread(cid);
    await must(bob, 'post', '/api/v1/messages/read', { message_ids: [a.id, b.id] });
    expect(await unread(bob)).toBe(bobBefore - 2);
    expect(await unread(cid)).toBe(cidBefore);
    await must(bob, 'post', '/api/v1/messages/read', { message_ids: [a.id] });
    expect(await unread(bob)).toBe(bobBefore - 2);
    await must(bob, 'delete', `/api/v1/messages/${a.id}/read`);
    expect(await unread(bob)).toBe(bobBefore - 1);

    // one message Bob does not hold refuses the whole batch, nothing changes
    const before = await head();
    const mixed = await call(bob, 'delete', '/api/v1/messages/delete', { message_ids: [b.id, 'not-a-message'] });
    expect(mixed.status).toBe(404);
    expect(await head()).toBe(before);

    await must(bob, 'delete', '/api/v1/messages/delete', { message_ids: [a.id] });
    expect((await call(bob, 'get', `/api/v1/messages/${a.id}`)).status).toBe(404);
    expect((await inbox(bob)).messages.map((message) => message.id)).not.toContain(a.id);
    expect((await must<MessageDetailDto>(cid, 'get', `/api/v1/messages/${a.id}`)).content).toBe('One');
    expect((await sentBox(ann)).messages.map((message) => message.id)).toContain(a.id);
    await must(ann, 'delete', '/api/v1/messages/sent/delete', { message_ids: [a.id] });
    expect((await sentBox(ann)).messages.map((message) => message.id)).not.toContain(a.id);
    expect((await must<MessageDetailDto>(cid, 'get', `/api/v1/messages/${a.id}`)).content).toBe('One');
  });

  it('groups: only their administrators (and network administrators) message them; the members at send time receive it', async () => {
    const { ann, bob, cid } = clients;
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    const { slug } = await must<{ slug: string }>(ann, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Choir' } });
    await must(bob, 'post', `/api/v1/groups/${slug}/join`);
    const groupId = (await must<{ id: string }>(ann, 'get', `/api/v1/groups/${slug}`)).id;

    expect((await must<RecipientOptionsResponse>(ann, 'get', '/api/v1/messages/recipients?q=Choir')).groups.map((group) => group.id)).toEqual([groupId]);
    expect((await must<RecipientOptionsResponse>(bob, 'get', '/api/v1/messages/recipients?q=Choir')).groups).toEqual([]);
    const refused = await call(bob, 'post', '/api/v1/messages', { to_group: [groupId], content: 'Hello choir' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'to_group', key: 'not_group_admin' }));

    const { id } = await send(ann, { to_group: [groupId], subject: 'Rehearsal', content: 'Tuesday 7pm' });
    const [event] = await running.infra.eventStore.readStream(messageStream(id));
    expect(event.data).toMatchObject({ to_group_ids: [groupId], recipient_ids: [bob.id] });
    // the group is named, its members are counted but not listed
    expect((await inbox(bob)).messages[0]).toMatchObject({ id, to: [], to_count: 1, to_groups: [{ id: groupId, name: 'Choir' }] });
    // Cid joins later: the message was for the members at send time
    await must(cid, 'post', `/api/v1/groups/${slug}/join`);
    expect((await call(cid, 'get', `/api/v1/messages/${id}`)).status).toBe(404);
    // a network administrator messages any group
    await send(clients.admin, { to_group: [groupId], content: 'From the office' });
  });

  it('the whole network: refused to members, sent by administrators to every active member but themselves', async () => {
    const { ann, admin } = clients;
    const refused = await call(ann, 'post', '/api/v1/messages', { to_all_network_members: true, content: 'Hello everyone' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'to_all_network_members', key: 'network_admins_only' }));
    const { id } = await send(admin, { to_all_network_members: true, subject: 'Maintenance', content: 'Saturday' });
    const [event] = await running.infra.eventStore.readStream(messageStream(id));
    const recipients = (event.data as { recipient_ids: string[] }).recipient_ids;
    for (const name of ['member', 'guest', 'ann', 'bob', 'cid']) expect(recipients).toContain(clients[name].id);
    expect(recipients).not.toContain(admin.id);
    expect((await inbox(clients.guest)).messages[0]).toMatchObject({ id, to_all_network_members: true, to: [] });
  });

  it('pushes a new message to the recipient\'s open console, naming the message, not its content', async () => {
    const { ann, bob } = clients;
    const { port } = server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: bob.cookie } });
    const received: string[] = [];
    socket.on('message', (raw: Buffer) => received.push(raw.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    const { id } = await send(ann, { to: [bob.id], subject: 'Live secret', content: 'Pushed?' });
    const deadline = Date.now() + 3000;
    while (!received.some((raw) => raw.includes(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    const push = received.find((raw) => raw.includes(id));
    expect(JSON.parse(push ?? '{}')).toMatchObject({ type: 'changed', collection: 'messages', id });
    expect(received.join('')).not.toContain('Live secret');
  });

  it('erasing the author blanks subject and content in every copy, and the rest stays readable', async () => {
    const dan = await register('dan');
    const { bob } = clients;
    const { id } = await send(dan, { to: [bob.id], subject: 'From Dan', content: 'Personal words' });
    expect((await must<MessageDetailDto>(bob, 'get', `/api/v1/messages/${id}`)).subject).toBe('From Dan');
    await must(clients.admin, 'delete', `/administration/members/${dan.id}`);
    const detail = await must<MessageDetailDto>(bob, 'get', `/api/v1/messages/${id}`);
    expect(detail).toMatchObject({ subject: '', content: '', author: null });
  });

  it('keeps messages, marks and deletions on disk across a restart', async () => {
    const { ann, bob } = clients;
    const kept = await send(ann, { to: [bob.id], subject: 'Survives', content: 'Still here after a restart' });
    const gone = await send(ann, { to: [bob.id], subject: 'Deleted before the restart', content: 'Gone' });
    await must(bob, 'post', `/api/v1/messages/${kept.id}/read`);
    await must(bob, 'delete', `/api/v1/messages/${gone.id}`);
    const unread = (await inbox(bob)).unread_count;
    await restart();
    for (const name of Object.keys(clients)) clients[name] = await signInClient(server, clients[name].email, name === 'admin' || name === 'member' || name === 'guest' ? DEMO_PASSWORD : PASSWORD);
    const after = await inbox(clients.bob);
    expect(after.unread_count).toBe(unread);
    expect(after.messages.find((message) => message.id === kept.id)).toMatchObject({ subject: 'Survives', i: { read: true } });
    expect(after.messages.map((message) => message.id)).not.toContain(gone.id);
    expect((await sentBox(clients.ann)).messages.map((message) => message.id)).toEqual(expect.arrayContaining([kept.id, gone.id]));
  });
});
