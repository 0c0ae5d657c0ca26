import request from 'supertest';
import WebSocket from 'ws';
import { activityStream, CONSISTENCY_HEADER, groupStream, mentionMarkup, notificationsStream, type MemberSuggestion, type NotificationsResponse, type UnreadsResponse } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import type { RealtimeMessage } from '../realtime/realtime-hub';

describe('notifications of the home over HTTP, the unread counters and the mention picker', () => {
  let h: Harness;
  let head = 0;
  const get = (member: string, path: string) => request(h.server).get(path).set('Cookie', h.cookie(member)).set(CONSISTENCY_HEADER, String(head));
  const post = (id: string, groupId: string | null, html: string) =>
    h.append(activityStream(id), 'ActivityPosted', { activity_id: id, group_id: groupId, author_id: 'ada', html_content: html, attachments: [] }, 'ada');

  beforeAll(async () => {
    h = await startHarness();
    await h.register('ada', 'Ada', 'Admin');
    await h.register('bob', 'Bob', 'Baker');
    await h.register('cat', 'Cat', 'Cooper');
    for (const [id, access] of [['g', 'open'], ['h', 'hidden']] as const) {
      await h.append(groupStream(id), 'GroupCreated', { group_id: id, slug: id, name: id.toUpperCase(), group_category_id: null, access }, 'ada');
      await h.append(groupStream(id), 'MemberJoinedGroup', { group_id: id, member_id: 'ada', admin: true }, 'ada');
    }
    await h.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: 'bob', admin: false }, 'bob');
    await post('p1', 'g', `<p>Look ${mentionMarkup('bob', 'Bob Baker')} and ${mentionMarkup('cat', 'Cat Cooper')}</p>`);
    head = await post('p2', 'h', `<p>Secret ${mentionMarkup('bob', 'Bob Baker')}</p>`);
  });
  afterAll(() => h.close());

  it('lists a mention for whoever may see the post, never one of a hidden group the member is not in', async () => {
    const bob = (await get('bob', '/api/v1/notifications').expect(200)).body as NotificationsResponse;
    expect(bob.notifications.map((n) => [n.kind, n.actor?.name, n.subject])).toEqual([
      ['mentioned', 'Ada Admin', { type: 'activity', id: 'p1', name: 'Look @Bob Baker and @Cat Cooper', html_url: '/activities/p1' }],
    ]);
    expect(bob.unread_count).toBe(1);
    expect(((await get('cat', '/api/v1/notifications').expect(200)).body as NotificationsResponse).unread_count).toBe(1);
    expect(((await get('ada', '/api/v1/notifications').expect(200)).body as NotificationsResponse).notifications).toEqual([]);
  });

  it('counts in /api/v1/unreads, /unreads/features, /unreads/activities and /unreads/folders, signed in only', async () => {
    const all = (await get('bob', '/api/v1/unreads').expect(200)).body as UnreadsResponse;
    // in g: Ada's post and Ada's joining (the hidden group's post is not Bob's to count)
    expect(all).toEqual({ notifications: 1, features: { Activitystreams: 2, Calendars: 0, Messages: 0 }, activities: { total: 2, streams: [{ slug: 'network', count: 0 }, { slug: 'g', count: 2 }] }, folders: 0 });
    expect((await get('bob', '/unreads/features').expect(200)).body).toEqual(all.features);
    expect((await get('bob', '/unreads/activities').expect(200)).body).toEqual(all.activities);
    expect((await get('bob', '/unreads/folders').expect(200)).body).toEqual({ total: 0, folders: [] });
    for (const path of ['/api/v1/unreads', '/unreads/features', '/unreads/activities', '/unreads/folders', '/members?q=bo']) await request(h.server).get(path).expect(401);
  });

  it('suggests members by name for the picker (not the asker), 400 naming q without one', async () => {
    const found = (await get('ada', '/members?q=bo').expect(200)).body as MemberSuggestion[];
    expect(found).toEqual([{ id: 'bob', displayName: 'Bob Baker', detection_profile_field: '', is_external: false, images: { small: null } }]);
    expect((await get('bob', '/members?q=bob').expect(200)).body).toEqual([]);
    expect((await get('ada', '/members').expect(400)).body.errors).toEqual([{ field: 'q', key: 'required' }]);
  });

  it("pushes a reply to the post's author and a join request to the group's admins at once, and reading brings the count down", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime`, { headers: { Cookie: h.cookie('ada') } });
    const received: RealtimeMessage[] = [];
    ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as RealtimeMessage));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await eventually(() => h.service.runtime.hub.isConnected('ada'));
    head = await h.append(activityStream('p1'), 'ActivityReplied', { activity_id: 'p1', reply_id: 'r1', author_id: 'bob', html_content: '<p>Thanks</p>' }, 'bob');
    await eventually(() => expect(received).toContainEqual({ type: 'changed', collection: 'notifications', id: 'ada', doc: { unread_count: 1, position: head } }));
    head = await h.append(groupStream('g'), 'GroupJoinRequested', { group_id: 'g', member_id: 'cat' }, 'cat');
    await eventually(() => expect(received).toContainEqual({ type: 'changed', collection: 'notifications', id: 'ada', doc: { unread_count: 2, position: head } }));
    const ada = (await get('ada', '/api/v1/notifications').expect(200)).body as NotificationsResponse;
    expect(ada.notifications.map((n) => [n.kind, n.actor?.id, n.subject.html_url])).toEqual([
      ['group_join_requested', 'cat', '/groups/g'],
      ['activity_replied', 'bob', '/activities/p1'],
    ]);
    head = await h.append(notificationsStream('ada'), 'NotificationsRead', { member_id: 'ada', up_to: ada.newest_position }, 'ada');
    await eventually(() => expect(received).toContainEqual({ type: 'changed', collection: 'notifications', id: 'ada', doc: { unread_count: 0, position: head } }));
    ws.close();
  });
});
