import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { propertySetStream, type PropertySetResponse, type PropertySetSummary } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * Property sets over HTTP, all services in one process (issue 14): network administrators save the
 * network's set and any context's, a group's administrators their group's; a modified set adds options to
 * its parent's selections, `inherit=true` resolves group → group category → network, stale revisions are
 * refused, and the `can.update` flag every role reads is what the PUT answers.
 */
jest.setTimeout(60_000);

const PATH = '/api/v1/property_sets/profile';
const interest = {
  name: 'interest',
  type: 'selection',
  label: 'Interest',
  options: [
    { label: 'Music', value: 'music' },
    { label: 'Sports', value: 'sports' },
  ],
};
const bio = { name: 'bio', type: 'text', label: 'About me' };
const addOptions = (value: string) => ({ modifications: [{ name: 'interest', options: [{ label: value.toUpperCase(), value }] }] });
const valuesOf = (set: PropertySetResponse) => set.properties.find((property) => property.name === 'interest')?.options.map((option) => option.value);

describe('property sets over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'propsets-int-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'propsets-int-secret-0123456789abcdef0123456789a', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, SignedInClient> = {};
  const { call, must } = httpCaller(() => server);
  let groupId = '';
  let categoryId = '';
  const network = '';
  const category = () => `?context_type=group_category&context_id=${categoryId}`;
  const group = () => `?context_type=group&context_id=${groupId}`;

  beforeAll(async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    const gardening = await must<{ id: string; group_category_id: string | null }>(clients['member'], 'get', '/api/v1/groups/gardening');
    groupId = gardening.id;
    categoryId = gardening.group_category_id ?? '';
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("saves the network's basic set for its administrators only, refusing bad fields with their keys and appending nothing", async () => {
    const { admin, member, guest, auditor } = clients;
    expect(categoryId).not.toBe('');
    const missing = await call(admin, 'get', PATH);
    expect([missing.status, missing.body.error]).toEqual([404, 'not_found']);

    const head = await running.infra.eventStore.headPosition();
    const bad = await call(admin, 'put', PATH, {
      properties: [
        { ...bio, label: ' ' },
        { ...interest, options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'a' }] },
        { ...bio, label: 'Again' },
      ],
      revision: 0,
      extra: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'properties.0.label', key: 'required' },
        { field: 'properties.1.options.1.value', key: 'duplicate_value' },
        { field: 'properties.2.name', key: 'duplicate_value' },
        { field: 'extra', key: 'unknown_field' },
      ]),
    );
    expect((await call(admin, 'put', `${PATH}?context_type=planet`, { properties: [], revision: 0 })).body.errors).toEqual(expect.arrayContaining([{ field: 'context_type', key: 'invalid_value' }]));
    for (const refused of [member, guest, auditor]) expect((await call(refused, 'put', PATH, { properties: [bio], revision: 0 })).status).toBe(403);
    expect((await call(null, 'put', PATH, { properties: [bio], revision: 0 })).status).toBe(401);
    expect(await running.infra.eventStore.headPosition()).toBe(head);

    // tag parents name apps' tag properties (`<app id>/<property id>`, what /tags/find narrows to)
    const badParents = await call(admin, 'put', PATH, { properties: [interest, bio], tag_parents: ['Topics', 'ideas/p-topics', 'ideas/p-topics'], revision: 0 });
    expect([badParents.status, badParents.body.errors]).toEqual([
      400,
      [
        { field: 'tag_parents.0', key: 'invalid_format' },
        { field: 'tag_parents.2', key: 'duplicate_value' },
      ],
    ]);
    const unknownParent = await call(admin, 'put', PATH, { properties: [interest, bio], tag_parents: ['ideas/p-topics'], revision: 0 });
    expect([unknownParent.status, unknownParent.body.errors]).toEqual([400, [{ field: 'tag_parents.0', key: 'unknown_tag_parent' }]]);
    await must(admin, 'post', '/api/v1/apps', { slug: 'ideas', name: 'Ideas' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    expect((await call(admin, 'put', PATH, { properties: [interest, bio], tag_parents: ['ideas/p-title'], revision: 0 })).body.errors).toEqual([{ field: 'tag_parents.0', key: 'unknown_tag_parent' }]);
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-topics', { name: 'topics', label: 'Topics', type: 'tag', multiple: true });
    // a profile is read by whoever sees its group or file: its choices never come from an internal tag property
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-staff', { name: 'staff', label: 'Staff', type: 'tag', multiple: true, internal: true, tag_parents: ['ideas/p-topics'] });
    const internalParent = await call(admin, 'put', PATH, { properties: [interest, bio], tag_parents: ['ideas/p-topics', 'ideas/p-staff'], revision: 0 });
    expect([internalParent.status, internalParent.body.errors]).toEqual([400, [{ field: 'tag_parents.1', key: 'internal_tag_parent' }]]);
    expect(await running.infra.eventStore.headPosition()).toBeGreaterThan(head);
    const propertySetEvents = async () => (await running.infra.eventStore.readStream(propertySetStream('profile', { context_type: 'network', context_id: null }))).length;
    expect(await propertySetEvents()).toBe(0);
    await must(admin, 'put', PATH, { properties: [interest, bio], tag_parents: ['ideas/p-topics'], revision: 0 });
    const events = await running.infra.eventStore.readStream(propertySetStream('profile', { context_type: 'network', context_id: null }));
    expect(events.map((event) => [event.type, (event.data as { type: string }).type])).toEqual([['PropertySetSaved', 'basic']]);
    const saved = await must<PropertySetResponse>(member, 'get', PATH);
    expect([saved.type, saved.revision, saved.tag_parents, saved.properties.map((property) => property.label), saved.can.update]).toEqual(['basic', 1, ['ideas/p-topics'], ['Interest', 'About me'], false]);
    expect(valuesOf(saved)).toEqual(['music', 'sports']);
  });

  it('refuses a stale revision with 409 and keeps the newer save', async () => {
    const { admin } = clients;
    const stale = await call(admin, 'put', PATH, { properties: [bio], revision: 0 });
    expect([stale.status, stale.body.error]).toEqual([409, 'concurrency_conflict']);
    expect((await must<PropertySetResponse>(admin, 'get', PATH)).properties).toHaveLength(2);
  });

  it("derives a category's modified set from the network's, adding options only to the parent's selections", async () => {
    const { admin, member } = clients;
    const unknown = await call(admin, 'put', `${PATH}${category()}`, { modifications: [{ name: 'colour', options: [{ label: 'Red', value: 'red' }] }], revision: 0 });
    expect([unknown.status, unknown.body.errors]).toEqual([400, [{ field: 'modifications.0.name', key: 'unknown_property' }]]);
    const taken = await call(admin, 'put', `${PATH}${category()}`, addOptions('music'));
    expect(taken.status).toBe(400);
    expect((await call(admin, 'put', `${PATH}${category()}`, { ...addOptions('music'), revision: 0 })).body.errors).toEqual([{ field: 'modifications.0.options.0.value', key: 'duplicate_value' }]);
    expect((await call(member, 'put', `${PATH}${category()}`, { ...addOptions('art'), revision: 0 })).status).toBe(403);

    await must(admin, 'put', `${PATH}${category()}`, { ...addOptions('art'), revision: 0 });
    const stored = await must<PropertySetResponse>(member, 'get', `${PATH}${category()}`);
    expect([stored.type, stored.properties, stored.modifications.map((modification) => modification.name), stored.parent_property_set?.context_type]).toEqual(['modified', [], ['interest'], 'network']);
    const resolved = await must<PropertySetResponse>(member, 'get', `${PATH}${category()}&inherit=true`);
    expect([resolved.type, valuesOf(resolved), resolved.inherited]).toEqual(['modified', ['music', 'sports', 'art'], false]);
  });

  it("answers a group without its own set with its category's (inherit=true), and lets the group's administrators add to it", async () => {
    const { member, guest } = clients;
    expect((await call(member, 'get', `${PATH}${group()}`)).status).toBe(404);
    const inherited = await must<PropertySetResponse>(member, 'get', `${PATH}${group()}&inherit=true`);
    expect([inherited.inherited, inherited.parent_property_set?.context_type, valuesOf(inherited), inherited.revision, inherited.can.update]).toEqual([true, 'group_category', ['music', 'sports', 'art'], 0, true]);

    expect((await call(guest, 'put', `${PATH}${group()}`, { ...addOptions('chess'), revision: 0 })).status).toBe(403);
    // the category's option is the group's parent's: adding it again is a duplicate
    expect((await call(member, 'put', `${PATH}${group()}`, { ...addOptions('art'), revision: 0 })).body.errors).toEqual([{ field: 'modifications.0.options.0.value', key: 'duplicate_value' }]);
    await must(member, 'put', `${PATH}${group()}`, { ...addOptions('chess'), revision: 0 });
    const own = await must<PropertySetResponse>(member, 'get', `${PATH}${group()}&inherit=true`);
    expect([own.type, own.inherited, valuesOf(own), own.revision]).toEqual(['modified', false, ['music', 'sports', 'art', 'chess'], 1]);
  });

  it('answers 404 for an unknown context on both sides', async () => {
    const { admin } = clients;
    for (const query of ['?context_type=group&context_id=no-such-group', '?context_type=group_category&context_id=no-such-category', '?context_type=app&context_id=no-such-app']) {
      const read = await call(admin, 'get', `${PATH}${query}&inherit=true`);
      expect([read.status, read.body.error]).toEqual([404, 'not_found']);
      expect((await call(admin, 'put', `${PATH}${query}`, { ...addOptions('x'), revision: 0 })).status).toBe(404);
    }
    expect((await call(admin, 'get', `/api/v1/property_sets/other${category()}&inherit=true`)).status).toBe(404);
  });

  it('gives every role the can.update flag that its save answers to, in every context', async () => {
    const contexts: Array<[string, () => string, (value: string) => object]> = [
      ['network', () => network, () => ({ properties: [interest, bio] })],
      ['category', category, addOptions],
      ['group', group, addOptions],
    ];
    let count = 0;
    for (const role of ['admin', 'member', 'guest', 'auditor']) {
      for (const [label, query, body] of contexts) {
        const client = clients[role];
        const read = await must<PropertySetResponse>(client, 'get', `${PATH}${query()}${query() ? '&' : '?'}inherit=true`);
        count += 1;
        const saved = await call(client, 'put', `${PATH}${query()}`, { ...body(`v${count}`), revision: read.revision });
        expect([role, label, saved.status]).toEqual([role, label, read.can.update ? 200 : 403]);
      }
    }
  });

  it('pushes a save to open consoles within a second', async () => {
    const { admin, member } = clients;
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: member.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'property_sets') pushed.push(message.id);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const { revision } = await must<PropertySetResponse>(admin, 'get', PATH);
    const sent = Date.now();
    await must(admin, 'put', PATH, { properties: [interest], revision });
    while (Date.now() - sent < 1000 && !pushed.includes('profile:network:')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(pushed).toContain('profile:network:');
  });

  it('lists every saved set and context for administrators and auditors (Content-Range, filters, sort); members get 403', async () => {
    const { admin, member, auditor } = clients;
    const res = await call(admin, 'get', '/administration/property_sets?sort=["context_type","ASC"]&range=[0,9]');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('property_sets 0-2/3');
    const rows = res.body as PropertySetSummary[];
    expect(rows.map((row) => [row.name, row.context_type, row.type])).toEqual([
      ['profile', 'group', 'modified'],
      ['profile', 'group_category', 'modified'],
      ['profile', 'network', 'basic'],
    ]);
    expect(rows.map((row) => row.id)).toEqual([`profile:group:${groupId}`, `profile:group_category:${categoryId}`, 'profile:network:']);
    const networkRow = rows[2];
    expect([networkRow?.property_count, networkRow?.context_id]).toEqual([1, null]);
    const filtered = await call(auditor, 'get', `/administration/property_sets?filter=${encodeURIComponent(JSON.stringify({ context_type: 'network' }))}`);
    expect([filtered.status, (filtered.body as PropertySetSummary[]).map((row) => row.id)]).toEqual([200, ['profile:network:']]);
    expect((await call(admin, 'get', '/administration/property_sets?filter={"q":"nothing"}')).headers['content-range']).toBe('property_sets */0');
    expect((await call(member, 'get', '/administration/property_sets')).status).toBe(403);
    expect((await call(admin, 'get', '/administration/property_sets?sort=["colour","ASC"]')).status).toBe(400);
  });
});
