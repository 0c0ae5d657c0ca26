import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import { mentionMarkup, NOTIFICATIONS_COLLECTION, type ItemResponse, type NotificationsResponse, type UnreadsResponse } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';

/** waits (up to a generous limit, never asserting a time) until `done` holds */
const eventually = async (done: () => boolean): Promise<void> => {
  for (let waited = 0; waited < 10_000 && !done(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
};

/**
 * @mentions in app items over HTTP, all services in one process: the item form's rich text mentions a
 * member the posts' way; each mentioned member who may read the item hears of it once (the bell, its count,
 * live), an edit tells only the newly mentioned; a mention of someone who cannot see the item (an erased
 * member, an id naming nobody) notifies nobody and is named nowhere but in the text.
 */
describe('mentions in app items', () => {
  const demo = useDemoServer('app-item-mentions');
  const { clients } = demo;
  const { must } = httpCaller(() => demo.server);
  const bell = (client: SignedInClient) => must<NotificationsResponse>(client, 'get', '/api/v1/notifications');
  const itemMentions = (notifications: NotificationsResponse) => notifications.notifications.filter((n) => n.subject.type === 'app_item');
  const outbox = (): Array<{ to: string[]; text: string }> => {
    const folder = join(demo.dataDir, 'outbox');
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string[]; text: string });
  };

  it('notifies each mentioned reader once, live, and nobody who cannot see the item', async () => {
    const { admin, member, guest } = clients;
    await must(admin, 'post', '/api/v1/apps', { slug: 'mention-ideas', name: 'Ideas' });
    await must(admin, 'put', '/api/v1/apps/mention-ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/mention-ideas/properties/p-notes', { name: 'notes', label: 'Notes', type: 'text', multiline: true });
    await must(admin, 'put', '/api/v1/apps/mention-ideas/properties/p-body', { name: 'body', label: 'Body', type: 'html' });
    // a member who cannot see the item: erased before it mentions her
    const { id: leaId } = await must<{ id: string }>(admin, 'post', '/administration/members', { user: { email: 'lea-mentions@example.org', password: 'a good passphrase for tests', first_name: 'Lea', last_name: 'Ving' } });
    await must(admin, 'delete', `/administration/members/${leaId}`);
    for (const client of [guest, admin]) await must(client, 'post', '/api/v1/notifications/read', { up_to: Math.max((await bell(client)).newest_position, 1) });

    // the external member reads items (read-only): her bell rings on her open console
    const socket = new WebSocket(`ws://127.0.0.1:${(demo.server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: guest.cookie } });
    const pushed: Array<{ unread_count?: number }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string; doc?: { unread_count?: number } };
      if (message.type === 'changed' && message.collection === NOTIFICATIONS_COLLECTION && message.id === guest.id) pushed.push(message.doc ?? {});
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });

    const notes = `<p>Ask ${mentionMarkup(guest.id, 'Gina Guest')} and ${mentionMarkup(leaId, 'Lea Ving')}, ${mentionMarkup('nobody-at-all', 'Nobody')} and me ${mentionMarkup(member.id, 'Max')}</p>`;
    const { id } = await must<{ id: string }>(member, 'post', '/api/v1/apps/mention-ideas/items', { values: { title: 'Bike racks', notes } });
    await eventually(() => pushed.some((doc) => doc.unread_count === 1));
    socket.close();
    expect(pushed.some((doc) => doc.unread_count === 1)).toBe(true);

    const gina = await bell(guest);
    expect(itemMentions(gina).map((n) => ({ kind: n.kind, read: n.read, actor: n.actor?.id, subject: n.subject }))).toEqual([
      { kind: 'mentioned', read: false, actor: member.id, subject: { type: 'app_item', id, name: 'Bike racks', html_url: `/apps/mention-ideas/items/${id}` } },
    ]);
    expect((await must<UnreadsResponse>(guest, 'get', '/api/v1/unreads')).notifications).toBe(1);
    // the writer mentioning himself is no news; nobody else was mentioned
    expect(itemMentions(await bell(member))).toEqual([]);
    expect(itemMentions(await bell(admin))).toEqual([]);
    // the log names only the reader: neither the erased member nor the id naming nobody
    const [created] = await demo.running.infra.eventStore.readStream(`app-item-${id}`);
    expect((created?.data as { mentioned_ids?: string[] }).mentioned_ids).toEqual([guest.id]);

    // the mention mail, as for a post (mentions are among the default notification mails)
    const mailsOfItem = () => outbox().filter((mail) => mail.text.includes(`/apps/mention-ideas/items/${id}`));
    await eventually(() => mailsOfItem().length > 0);
    expect(mailsOfItem().map((mail) => mail.to)).toEqual([[guest.email]]);

    // the item shows the mention as the link to the member it is
    const { item } = await must<ItemResponse>(guest, 'get', `/api/v1/apps/mention-ideas/items/${id}`);
    expect(item.values.notes).toContain(`<a href="/members/${guest.id}">@Gina Guest</a>`);

    // an edit mentioning Gina again (in another field) and the admin for the first time tells only the admin
    const body = `<p>${mentionMarkup(guest.id, 'Gina Guest')} ${mentionMarkup(admin.id, 'Ada Admin')}</p>`;
    await must(member, 'put', `/api/v1/apps/mention-ideas/items/${id}`, { values: { notes: '<p>Ask around</p>', body }, revision: item.revision });
    await must(member, 'put', `/api/v1/apps/mention-ideas/items/${id}`, { values: { notes: notes } });
    expect(itemMentions(await bell(guest))).toHaveLength(1);
    expect(itemMentions(await bell(admin)).map((n) => [n.kind, n.actor?.id, n.subject.html_url])).toEqual([['mentioned', member.id, `/apps/mention-ideas/items/${id}`]]);
  });
});
