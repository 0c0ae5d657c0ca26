import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GroupCategoriesResponse, type MessageDetailDto, type MessagesResponse, type RecipientOptionsResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/**
 * One source of truth for the direct messages' permissions: for every role (member, group admin, network
 * admin, auditor, external member with and without the guest chat setting), each `can` flag the lists and
 * the detail answer is what the write side does: an action whose flag is true is accepted, one whose flag
 * is false is refused.
 */
describe('message flags agree with the answers, for every role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-message-abilities-'));
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, Client> = {};
  let groupId = '';

  const { call, must } = httpCaller(() => server);
  const accepted = (status: number): boolean => status >= 200 && status < 300;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'message-abilities-secret-0123456789abcdef012345', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    await must(clients.admin, 'post', '/administration/members', { user: { email: 'leader@example.org', password: 'a good passphrase for tests', first_name: 'Lea', last_name: 'Leader' } });
    clients.leader = await signInClient(server, 'leader@example.org', 'a good passphrase for tests');
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    // a group the leader administers and the member belongs to; everybody else administers none
    const { slug } = await must<{ slug: string }>(clients.leader, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Garden' } });
    await must(clients.member, 'post', `/api/v1/groups/${slug}/join`);
    groupId = (await must<{ id: string }>(clients.leader, 'get', `/api/v1/groups/${slug}`)).id;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const walk = async (role: string) => {
    const me = clients[role];
    const peer = role === 'member' ? clients.leader : clients.member;
    const list = await must<MessagesResponse>(me, 'get', '/api/v1/messages');
    const options = await must<RecipientOptionsResponse>(me, 'get', '/api/v1/messages/recipients?q=Garden');
    expect(options.can).toEqual(list.can);

    const toMember = await call(me, 'post', '/api/v1/messages', { to: [peer.id], content: `from ${role}` });
    expect([role, 'send', accepted(toMember.status)]).toEqual([role, 'send', list.can.send_direct_messages]);
    const toNetwork = await call(me, 'post', '/api/v1/messages', { to_all_network_members: true, content: `all from ${role}` });
    expect([role, 'network', accepted(toNetwork.status)]).toEqual([role, 'network', list.can.send_to_network]);
    // the group is offered exactly when sending to it is accepted
    const offered = options.groups.some((group) => group.id === groupId);
    const toGroup = await call(me, 'post', '/api/v1/messages', { to_group: [groupId], content: `group from ${role}` });
    expect([role, 'group', accepted(toGroup.status)]).toEqual([role, 'group', offered]);

    // a received message: reply, forward, read marks and delete as its flags say
    const { id } = await must<{ id: string }>(peer, 'post', '/api/v1/messages', { to: [me.id], subject: 'Hi', content: `to ${role}` });
    const received = await must<MessageDetailDto>(me, 'get', `/api/v1/messages/${id}`);
    const reply = await call(me, 'post', '/api/v1/messages', { to: [peer.id], content: 'Re', conversation_starter_id: id });
    expect([role, 'reply', accepted(reply.status)]).toEqual([role, 'reply', received.can.reply]);
    const forward = await call(me, 'post', '/api/v1/messages', { to: [peer.id], content: 'Fwd', forwarded_message_id: id });
    expect([role, 'forward', accepted(forward.status)]).toEqual([role, 'forward', received.can.forward]);
    expect([role, 'read', accepted((await call(me, 'post', `/api/v1/messages/${id}/read`)).status)]).toEqual([role, 'read', received.can.mark_read]);
    expect([role, 'unread', accepted((await call(me, 'delete', `/api/v1/messages/${id}/read`)).status)]).toEqual([role, 'unread', received.can.mark_read]);
    expect([role, 'delete', accepted((await call(me, 'delete', `/api/v1/messages/${id}`)).status)]).toEqual([role, 'delete', received.can.destroy]);

    // a sent message (when the role may send): no read marks, forward and delete as flagged
    if (accepted(toMember.status)) {
      const sentId = (toMember.body as { id: string }).id;
      const sent = await must<MessageDetailDto>(me, 'get', `/api/v1/messages/${sentId}`);
      expect([role, 'sent read', accepted((await call(me, 'post', `/api/v1/messages/${sentId}/read`)).status)]).toEqual([role, 'sent read', sent.can.mark_read]);
      const forwardSent = await call(me, 'post', '/api/v1/messages', { to: [peer.id], content: 'Fwd', forwarded_message_id: sentId });
      expect([role, 'sent forward', accepted(forwardSent.status)]).toEqual([role, 'sent forward', sent.can.forward]);
      expect([role, 'sent delete', accepted((await call(me, 'delete', `/api/v1/messages/sent/${sentId}`)).status)]).toEqual([role, 'sent delete', sent.can.destroy]);
    }
    return list.can;
  };

  it('member, group admin, network admin, auditor and external member: every flag matches the answer', async () => {
    expect(await walk('member')).toEqual({ send_direct_messages: true, send_to_network: false, send_to_any_group: false });
    expect(await walk('leader')).toEqual({ send_direct_messages: true, send_to_network: false, send_to_any_group: false });
    expect(await walk('admin')).toEqual({ send_direct_messages: true, send_to_network: true, send_to_any_group: true });
    expect(await walk('auditor')).toEqual({ send_direct_messages: true, send_to_network: false, send_to_any_group: false });
    expect(await walk('guest')).toEqual({ send_direct_messages: true, send_to_network: false, send_to_any_group: false });
  });

  it('an external member without the guest chat setting reads and keeps messages but sends none', async () => {
    await must(clients.admin, 'put', '/administration/settings', { member: { guest_users_allow_chat: false } });
    expect(await walk('guest')).toEqual({ send_direct_messages: false, send_to_network: false, send_to_any_group: false });
  });
});
