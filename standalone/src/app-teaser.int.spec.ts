import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERASED_MEMBER_NAMES, erasedMemberName, type ActivitiesResponse, type AppDto, type NetworkResponse } from '@cn/contracts';
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
  const outboxMails = (): Array<{ to: string[]; subject: string; text: string }> =>
    existsSync(join(demo.dataDir, 'outbox'))
      ? readdirSync(join(demo.dataDir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(demo.dataDir, 'outbox', name), 'utf8')) as { to: string[]; subject: string; text: string })
      : [];
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

  it("names the members of a membership placeholder in the teaser by their display names, an erased one by the fallback", async () => {
    await call(clients.admin, 'post', '/api/v1/apps', { slug: 'chores', name: 'Chores' }).expect(201);
    await call(clients.admin, 'put', '/api/v1/apps/chores/properties/p-title', { name: 'title', label: 'Title', type: 'text' }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/chores/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership', multiple: true }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/chores/integrations/teaser', { teaser_template: '{{title}} for {{owner}}' }).expect(200);
    const email = 'leaving-teaser@example.org';
    const { id: leaverId } = (await call(clients.admin, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: 'Lea', last_name: 'Ving' } }).expect(201)).body as { id: string };
    const { id } = (await call(clients.member, 'post', '/api/v1/apps/chores/items', { values: { title: 'Sweep', owner: [clients.guest.id, leaverId] } }).expect(201)).body as { id: string };
    const title = async () => (await networkStream()).find((entry) => entry.id === `item-${id}`)?.subject?.title;
    expect(await title()).toBe('Sweep for Gina Guest, Lea Ving');
    // the log keeps ids, never names
    const created = (await demo.running.infra.eventStore.readStream(`app-item-${id}`))[0];
    expect(JSON.stringify(created?.data)).not.toContain('Gina');
    await call(clients.admin, 'delete', `/administration/members/${leaverId}`).expect(200);
    const network = (await call(clients.member, 'get', '/api/v1/network').expect(200)).body as NetworkResponse;
    expect(await title()).toBe(`Sweep for Gina Guest, ${erasedMemberName(network.network.language)}`);
    expect(Object.values(ERASED_MEMBER_NAMES)).toContain(erasedMemberName(network.network.language));
    // where the network anonymizes memberships, the teaser names the erased member as the chat does
    await call(clients.admin, 'put', '/administration/settings', { member: { anonymize_memberships_config: 'enabled', anonymize_memberships_name: 'Former member' } }).expect(200);
    expect(await title()).toBe('Sweep for Gina Guest, Former member');
    await call(clients.admin, 'put', '/administration/settings', { member: { anonymize_memberships_config: 'disabled' } }).expect(200);
    expect(await title()).toBe(`Sweep for Gina Guest, ${erasedMemberName(network.network.language)}`);
  });

  it("names an erased member in an integration's mail by the network's anonymous name while it anonymizes memberships", async () => {
    await call(clients.admin, 'post', '/api/v1/apps', { slug: 'duties', name: 'Duties' }).expect(201);
    await call(clients.admin, 'put', '/api/v1/apps/duties/properties/p-title', { name: 'title', label: 'Title', type: 'text' }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/duties/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership', multiple: true }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/duties/properties/p-helper', { name: 'helper', label: 'Helper', type: 'membership' }).expect(200);
    const unassigned = { uuid: crypto.randomUUID(), type: 'email_notification', trigger: 'unassign', assignee_property_id: -1, email_subject_template: 'Dropped: {{title}}', email_text_template: 'Owners: {{owner}}' };
    await call(clients.admin, 'put', '/api/v1/apps/duties/integrations/email', { email_integrations: [unassigned] }).expect(200);
    const { id: leaverId } = (await call(clients.admin, 'post', '/administration/members', { user: { email: 'leaving-duty@example.org', password: 'a good passphrase for tests', first_name: 'Lou', last_name: 'Gone' } }).expect(201)).body as { id: string };
    const { id } = (await call(clients.admin, 'post', '/api/v1/apps/duties/items', { values: { title: 'Mop floor', owner: [leaverId], helper: clients.member.id } }).expect(201)).body as { id: string };
    await call(clients.admin, 'delete', `/administration/members/${leaverId}`).expect(200);
    await call(clients.admin, 'put', '/administration/settings', { member: { anonymize_memberships_config: 'enabled', anonymize_memberships_name: 'Former member' } }).expect(200);
    await call(clients.admin, 'put', `/api/v1/apps/duties/items/${id}`, { values: { helper: null } }).expect(200);
    const dropped = () => outboxMails().filter((mail) => mail.subject === 'Dropped: Mop floor');
    for (const until = Date.now() + 5000; dropped().length < 1 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 25));
    await call(clients.admin, 'put', '/administration/settings', { member: { anonymize_memberships_config: 'disabled' } }).expect(200);
    expect(dropped()).toEqual([expect.objectContaining({ to: ['member@example.org'], text: 'Owners: Former member' })]);
  });

  it('mails through the email integrations: their subject and text templates on assign and unassign, with the members by name', async () => {
    await call(clients.admin, 'post', '/api/v1/apps', { slug: 'errands', name: 'Errands' }).expect(201);
    await call(clients.admin, 'put', '/api/v1/apps/errands/properties/p-title', { name: 'title', label: 'Title', type: 'text' }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/errands/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership', multiple: true }).expect(200);
    await call(clients.admin, 'put', '/api/v1/apps/errands/properties/p-helper', { name: 'helper', label: 'Helper', type: 'membership' }).expect(200);
    const integration = (trigger: string, property: string | number, subject: string, text: string) => ({
      uuid: crypto.randomUUID(),
      type: 'email_notification',
      trigger,
      assignee_property_id: property,
      email_subject_template: subject,
      email_text_template: text,
    });
    const before = await head();
    const bad = await call(clients.admin, 'put', '/api/v1/apps/errands/integrations/email', {
      email_integrations: [integration('assign', 'p-title', 'x', 'y'), integration('unassign', -1, '{{nope}}', ''), integration('whenever', -1, 'x', 'y')],
    }).expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email_integrations.1.email_text_template', key: 'required' },
        { field: 'email_integrations.2.trigger', key: 'invalid_value' },
      ]),
    );
    expect((await call(clients.admin, 'put', '/api/v1/apps/errands/integrations/email', { email_integrations: [integration('assign', 'p-title', 'x', 'y')] }).expect(400)).body.errors).toEqual([
      { field: 'email_integrations.0.assignee_property_id', key: 'not_membership' },
    ]);
    expect((await call(clients.admin, 'put', '/api/v1/apps/errands/integrations/email', { email_integrations: [integration('assign', -1, '{{nope}}', 'y')] }).expect(400)).body.errors).toEqual([
      { field: 'email_integrations.0.email_subject_template', key: 'unknown_placeholder' },
    ]);
    await call(clients.member, 'put', '/api/v1/apps/errands/integrations/email', { email_integrations: [] }).expect(403);
    expect(await head()).toBe(before);

    const integrations = [
      integration('assign', 'p-owner', 'Yours now: {{title}}', 'Hello {{assignee}},\n{{title}} ({{app}}) is yours, with {{owner}}; helper: {{helper}}.\n{{link}}'),
      integration('unassign', -1, 'Off your list: {{title}}', 'No longer yours: {{title}}. Owners now: {{owner}}'),
    ];
    await call(clients.admin, 'put', '/api/v1/apps/errands/integrations/email', { email_integrations: integrations }).expect(200);
    expect(((await call(clients.admin, 'get', '/api/v1/apps/errands').expect(200)).body as AppDto).email_integrations).toEqual(integrations);
    expect(((await call(clients.member, 'get', '/api/v1/apps/errands').expect(200)).body as AppDto).email_integrations).toEqual([]);

    const { id } = (await call(clients.admin, 'post', '/api/v1/apps/errands/items', { values: { title: 'Buy milk', owner: [clients.member.id, clients.auditor.id], helper: clients.guest.id } }).expect(201)).body as { id: string };
    const link = `/apps/errands/items/${id}`;
    const mails = () => outboxMails().filter((mail) => mail.subject.includes('Buy milk') || mail.text.includes(link));
    const waitFor = async (count: number) => {
      for (const until = Date.now() + 5000; mails().length < count && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 25));
    };
    await waitFor(3);
    const toMember = mails().find((mail) => mail.to.includes('member@example.org'));
    expect(toMember).toEqual({ ...toMember, subject: 'Yours now: Buy milk', text: `Hello Max Member,\nBuy milk (Errands) is yours, with Max Member, Audrey Auditor; helper: Gina Guest.\n${link}` });
    // the helper is no owner: no integration watches that property, so the built-in mail goes
    const toGuest = mails().find((mail) => mail.to.includes('guest@example.org'));
    expect(toGuest?.subject).not.toContain('Yours now');
    expect(toGuest?.text).toContain(link);

    await call(clients.admin, 'put', `/api/v1/apps/errands/items/${id}`, { values: { owner: [clients.auditor.id] } }).expect(200);
    await waitFor(4);
    expect(mails().filter((mail) => mail.subject.startsWith('Off your list'))).toEqual([expect.objectContaining({ to: ['member@example.org'], text: 'No longer yours: Buy milk. Owners now: Audrey Auditor' })]);
  });
});
