import type { ActivitiesResponse, AppDto, NetworkResponse } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller } from './testing/signed-in-client';

/**
 * The activity teaser template of an app (issue 15, integrations) through the one-process server: only
 * administrators set it (as the network flags say), placeholders must name the app or its properties, the
 * template is stored as text, and a new item's activity in the network's stream shows it rendered with the
 * item's values (as text, linking to the item); an app without a template tells the stream nothing.
 */
describe('app activity teaser template', () => {
  const demo = useDemoServer('app-teaser');
  const { clients } = demo;
  const call = requestCaller(() => demo.server);
  const head = async (): Promise<number> => demo.running.infra.eventStore.headPosition();
  const networkStream = async () => ((await call(clients.member, 'get', '/api/v1/activitystreams/network/activities').expect(200)).body as ActivitiesResponse).activities;

  it('sets the template as administrators only, checks its placeholders, and shows new items rendered in the stream', async () => {
    await call(clients.admin, 'post', '/api/v1/apps', { slug: 'ideas', name: 'Ideas' }).expect(201);
    await call(clients.admin, 'put', '/api/v1/apps/ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text', required: true }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/ideas/properties/p-status', { name: 'status', label: 'Status', type: 'selection', options: [{ label: 'To do', value: 'todo' }, { label: 'Done', value: 'done' }] }).expect(200);

    // without a template a new item is no news
    const quiet = (await call(clients.member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Quiet', status: 'todo' } }).expect(201)).body as { id: string };
    expect((await networkStream()).some((activity) => activity.id === `item-${quiet.id}`)).toBe(false);

    const before = await head();
    for (const role of ['member', 'guest', 'auditor'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const app = (await call(clients[role], 'get', '/api/v1/apps/ideas').expect(200)).body as AppDto;
      expect({ role, administrate: app.can.administrate }).toEqual({ role, administrate: can.administrate });
      const res = await call(clients[role], 'put', '/api/v1/apps/ideas/integrations/teaser', { teaser_template: '{{title}}' });
      expect({ role, status: res.status }).toEqual({ role, status: can.administrate ? 200 : 403 });
    }
    const unknown = await call(clients.admin, 'put', '/api/v1/apps/ideas/integrations/teaser', { teaser_template: 'New: {{nope}}' }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'teaser_template', key: 'unknown_placeholder' }]);
    expect((await call(clients.admin, 'put', '/api/v1/apps/ideas/integrations/teaser', { teaser_template: 'x'.repeat(501) }).expect(400)).body.errors).toEqual([{ field: 'teaser_template', key: 'too_long' }]);
    expect(await head()).toBe(before);

    await call(clients.admin, 'put', '/api/v1/apps/ideas/integrations/teaser', { teaser_template: '<b>New idea</b> in {{app}}: <script>alert(1)</script>{{title}} ({{ status }})' }).expect(200);
    const app = (await call(clients.member, 'get', '/api/v1/apps/ideas').expect(200)).body as AppDto;
    expect(app.teaser_template).not.toMatch(/<|script/);
    expect(app.teaser_template).toContain('{{title}} ({{ status }})');

    const { id } = (await call(clients.member, 'post', '/api/v1/apps/ideas/items', { values: { title: '<img src=x onerror=alert(1)>Garden party', status: 'todo' } }).expect(201)).body as { id: string };
    const activity = (await networkStream()).find((entry) => entry.id === `item-${id}`);
    expect(activity).toMatchObject({ kind: 'item', author: { id: clients.member.id }, subject: { path: `/apps/ideas/items/${id}` } });
    expect(activity?.subject?.title).toMatch(/^New idea in Ideas: .*Garden party \(To do\)$/);
    expect(activity?.subject?.title).not.toMatch(/<|onerror/);
    // the stream of an external member shows it too: apps are the network's shared work
    const guestStream = ((await call(clients.guest, 'get', '/api/v1/activitystreams/network/activities').expect(200)).body as ActivitiesResponse).activities;
    expect(guestStream.map((entry) => entry.id)).toContain(`item-${id}`);

    // turned off again: the next item is no news
    await call(clients.admin, 'put', '/api/v1/apps/ideas/integrations/teaser', { teaser_template: '' }).expect(200);
    const later = (await call(clients.member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Later', status: 'done' } }).expect(201)).body as { id: string };
    expect((await networkStream()).some((entry) => entry.id === `item-${later.id}`)).toBe(false);
  });
});
