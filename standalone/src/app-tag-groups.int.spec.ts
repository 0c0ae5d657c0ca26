import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appStream, appItemStream, type AppDto, type FindTagsResponse, type GlobalSearchResponse, type ItemResponse, type TagAdminDto, type WallResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

const ROLES = ['admin', 'member', 'other', 'external'] as const;
type Role = (typeof ROLES)[number];
const EMAILS: Record<Role, string> = { admin: 'admin@example.org', member: 'member@example.org', other: 'auditor@example.org', external: 'guest@example.org' };

/**
 * Tag parents, internal tags and allow_create_related over HTTP, all services in one process: a tag
 * property naming a tag group takes only that group's tags (400 with the value's field otherwise); an
 * internal tag property reaches members and admins but never an external member (item, app, wall filter,
 * tags found); a relation picker's new related item is a create in the related app under that app's rule.
 */
jest.setTimeout(60_000);

describe('apps: tag groups, internal tags and related items created inline', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-app-tag-groups-'));
  let running: RunningStandalone;
  let server: Server;
  const clients = {} as Record<Role, SignedInClient>;
  const { call, must } = httpCaller(() => server);
  const streamLength = async (stream: string) => (await running.infra.eventStore.readStream(stream)).length;
  let itemId = '';

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'app-tag-groups-secret-0123456789abcdef0123456', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const role of ROLES) clients[role] = await signInClient(server, EMAILS[role], DEMO_PASSWORD);
    const { admin, member } = clients;
    // the group: the labels app's topics
    await must(admin, 'post', '/api/v1/apps', { slug: 'labels', name: 'Labels' });
    await must(admin, 'put', '/api/v1/apps/labels/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/labels/properties/p-topics', { name: 'topics', label: 'Topics', type: 'tag', multiple: true });
    await must(member, 'post', '/api/v1/apps/labels/items', { values: { title: 'Seed', topics: ['Garden', 'Kids'] } });
    await must(admin, 'post', '/api/v1/apps', { slug: 'other', name: 'Other' });
    await must(admin, 'put', '/api/v1/apps/other/properties/p-tags', { name: 'tags', label: 'Tags', type: 'tag', multiple: true });
    await must(member, 'post', '/api/v1/apps/other/items', { values: { tags: ['Pond'] } });
    await must(admin, 'post', '/api/v1/apps', { slug: 'ideas', name: 'Ideas' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-column', { name: 'column', label: 'Column', type: 'selection', options: [{ label: 'A', value: 'a' }] });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses bad tag options with their field and key, appending nothing', async () => {
    const before = await streamLength(appStream('ideas'));
    const refused = async (property: string, body: Record<string, unknown>) => {
      const res = await call(clients.admin, 'put', `/api/v1/apps/ideas/properties/${property}`, body);
      expect(res.status).toBe(400);
      return res.body.errors as Array<{ field: string; key: string }>;
    };
    expect(await refused('p-topic', { name: 'topic', label: 'Topic', type: 'tag', tag_parents: ['labels/p-topics', 'labels/p-nope'] })).toEqual([{ field: 'tag_parents.1', key: 'unknown_tag_parent' }]);
    expect(await refused('p-topic', { name: 'topic', label: 'Topic', type: 'tag', tag_parents: ['labels/p-title'] })).toEqual([{ field: 'tag_parents.0', key: 'unknown_tag_parent' }]);
    expect(await refused('p-topic', { name: 'topic', label: 'Topic', type: 'tag', tag_parents: ['ideas/p-topic'] })).toEqual([{ field: 'tag_parents.0', key: 'unknown_tag_parent' }]);
    expect(await refused('p-topic', { name: 'topic', label: 'Topic', type: 'tag', tag_parents: ['no-slash'] })).toEqual([{ field: 'tag_parents.0', key: 'invalid_format' }]);
    expect(await refused('p-staff', { name: 'staff', label: 'Staff', type: 'tag', internal: true })).toEqual([{ field: 'tag_parents', key: 'required' }]);
    expect(await refused('p-note', { name: 'note', label: 'Note', type: 'text', internal: true })).toEqual([{ field: 'internal', key: 'invalid_value' }]);
    expect(await refused('p-note', { name: 'note', label: 'Note', type: 'text', allow_create_related: true })).toEqual([{ field: 'allow_create_related', key: 'invalid_value' }]);
    expect(await streamLength(appStream('ideas'))).toBe(before);
    // and as a network-admin route, a member may not define one at all
    expect((await call(clients.member, 'put', '/api/v1/apps/ideas/properties/p-topic', { name: 'topic', label: 'Topic', type: 'tag', tag_parents: ['labels/p-topics'] })).status).toBe(403);

    await must(clients.admin, 'put', '/api/v1/apps/ideas/properties/p-topic', { name: 'topic', label: 'Topic', type: 'tag', multiple: true, tag_parents: ['labels/p-topics'] });
    await must(clients.admin, 'put', '/api/v1/apps/ideas/properties/p-staff', { name: 'staff', label: 'Staff', type: 'tag', multiple: true, internal: true, tag_parents: ['ideas/p-topic'] });
    const app = await must<AppDto>(clients.admin, 'get', '/api/v1/apps/ideas');
    expect(app.properties.find((property) => property.name === 'topic')).toMatchObject({ tag_parents: ['labels/p-topics'], internal: false });
    expect(app.properties.find((property) => property.name === 'staff')).toMatchObject({ tag_parents: ['ideas/p-topic'], internal: true });
  });

  it("takes only the group's tags (and new ones where allowed), refusing another group's with the value's field", async () => {
    const { member } = clients;
    const bad = await call(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Bad', topic: ['Garden', 'Pond'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'values.topic.1', key: 'tag_not_in_parents' }]);
    const created = await must<{ id: string }>(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Beds', column: 'a', topic: ['Garden', 'Compost'], staff: ['Budget tight'] } });
    itemId = created.id;
    // the item's own group now holds Compost: an edit may keep it
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/ideas/items/${itemId}`);
    expect(item.values['topic']).toEqual([expect.objectContaining({ name: 'Garden' }), expect.objectContaining({ name: 'Compost' })]);
    const before = await streamLength(appItemStream(itemId));
    const stale = await call(member, 'put', `/api/v1/apps/ideas/items/${itemId}`, { values: { topic: ['Compost', 'Pond'] } });
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toEqual([{ field: 'values.topic.1', key: 'tag_not_in_parents' }]);
    expect(await streamLength(appItemStream(itemId))).toBe(before);
    await must(member, 'put', `/api/v1/apps/ideas/items/${itemId}`, { values: { topic: ['Compost', 'Kids'] } });
  });

  it('shows internal tags to members and admins, never to an external member (item, app, wall filter, tags found)', async () => {
    const seen: Record<string, unknown> = {};
    for (const role of ROLES) {
      const { app, item } = await must<ItemResponse>(clients[role], 'get', `/api/v1/apps/ideas/items/${itemId}`);
      const wall = await must<WallResponse>(clients[role], 'get', '/api/v1/apps/ideas/wall?tag=Budget%20tight');
      const found = await must<FindTagsResponse>(clients[role], 'get', '/tags/find?q=budget%20tight');
      seen[role] = {
        property: app.properties.some((property) => property.name === 'staff'),
        value: item.values['staff'] ?? null,
        display: item.display_values['staff'] ?? null,
        wall: wall.columns.flatMap((column) => column.items.map((card) => card.id)),
        found: found.tags.map((tag) => [tag.name, tag.new]),
      };
    }
    const visible = { property: true, value: [expect.objectContaining({ name: 'Budget tight' })], display: 'Budget tight', wall: [itemId], found: [['Budget tight', false]] };
    expect(seen).toEqual({
      admin: visible,
      member: visible,
      other: visible,
      // the name is offered as new, exactly as a name nobody used: the tag's existence is not told either
      external: { property: false, value: null, display: null, wall: [], found: [['budget tight', true]] },
    });
    // the group's own tags stay visible to everyone
    const external = await must<ItemResponse>(clients.external, 'get', `/api/v1/apps/ideas/items/${itemId}`);
    expect(external.item.values['topic']).toEqual([expect.objectContaining({ name: 'Compost' }), expect.objectContaining({ name: 'Kids' })]);
  });

  it('never lets an external member learn an internal tag through another property: the same name typed elsewhere is a tag of its own', async () => {
    const { admin, member, external } = clients;
    // a member picks the internal tag's suggestion (its id) in a property without groups, another types the name
    const internalTag = (await must<TagAdminDto[]>(admin, 'get', '/administration/tags?filter=%7B%22q%22%3A%22budget%22%7D')).find((tag) => tag.internal);
    expect(internalTag).toMatchObject({ name: 'Budget tight', parents: ['ideas/p-staff'] });
    const picked = await must<{ id: string }>(member, 'post', '/api/v1/apps/other/items', { values: { tags: [{ id: internalTag?.id, name: 'Budget tight' }] } });
    await must(member, 'post', '/api/v1/apps/other/items', { values: { tags: ['budget TIGHT'] } });
    // the administrators rename the internal tag: what they call it internally
    await must(admin, 'put', `/administration/tags/${internalTag?.id ?? ''}`, { name: 'Budget cut by half' });
    const tags = await must<TagAdminDto[]>(admin, 'get', '/administration/tags?filter=%7B%22q%22%3A%22budget%22%7D');
    expect(tags.map((tag) => [tag.name, tag.internal, tag.parents])).toEqual([
      ['Budget cut by half', true, ['ideas/p-staff']],
      ['Budget tight', false, ['other/p-tags']],
    ]);

    const everything = async (role: Role): Promise<string> => {
      const client = clients[role];
      const answers = [
        await must(client, 'get', `/api/v1/apps/other/items/${picked.id}`),
        await must(client, 'get', `/api/v1/apps/ideas/items/${itemId}`),
        await must(client, 'get', '/api/v1/apps/other/wall'),
        await must(client, 'get', '/api/v1/apps/ideas/wall?tag=Budget%20cut%20by%20half'),
        ...(await Promise.all(
          ['q=budget', 'q=', 'q=cut', 'q=&tag_parents=ideas/p-staff', 'q=budget&tag_parents=ideas/p-staff,other/p-tags', 'q=&property=ideas/p-staff'].map((query) => must(client, 'get', `/tags/find?${query}`)),
        )),
      ];
      return JSON.stringify(answers);
    };
    const seenByExternal = await everything('external');
    expect(seenByExternal).not.toMatch(/cut by half/i);
    expect(seenByExternal).not.toContain(internalTag?.id ?? 'itag-');
    // what the member typed is public and shows as typed, untouched by the internal rename
    const item = await must<ItemResponse>(external, 'get', `/api/v1/apps/other/items/${picked.id}`);
    expect(item.item.values['tags']).toEqual([{ id: expect.not.stringContaining(internalTag?.id ?? 'itag-') as unknown, name: 'Budget tight' }]);
    // members still see and find the internal tag, but not from a property that is not internal
    expect(await everything('member')).toMatch(/cut by half/i);
    const fromPublic = await must<FindTagsResponse>(member, 'get', '/tags/find?q=budget&property=other/p-tags&exclude_new=true');
    expect(fromPublic.tags.map((tag) => tag.name)).toEqual(['Budget tight']);
    const fromInternal = await must<FindTagsResponse>(member, 'get', '/tags/find?q=budget&property=ideas/p-staff&exclude_new=true');
    expect(fromInternal.tags.map((tag) => tag.name)).toEqual(['Budget tight', 'Budget cut by half']);
    // and a public tag never goes into the internal one (its public items would hold it)
    const publicTag = tags.find((tag) => !tag.internal)?.id ?? '';
    const merge = await call(admin, 'post', `/administration/tags/${publicTag}/merge`, { into: internalTag?.id });
    expect([merge.status, merge.body.errors]).toEqual([400, [{ field: 'into', key: 'internal_tag' }]]);
  });

  it('never lets a public property take an internal one as its tag group, nor makes internal a group a public property names (400, nothing appended)', async () => {
    const { admin } = clients;
    const before = [await streamLength(appStream('other')), await streamLength(appStream('labels'))];
    const refused = async (app: string, property: string, body: Record<string, unknown>) => {
      const res = await call(admin, 'put', `/api/v1/apps/${app}/properties/${property}`, body);
      return [res.status, res.body.errors] as const;
    };
    // ideas/p-staff is internal (another app's, known from the tag catalogue)
    expect(await refused('other', 'p-group', { name: 'group', label: 'Group', type: 'tag', tag_parents: ['labels/p-topics', 'ideas/p-staff'] })).toEqual([400, [{ field: 'tag_parents.1', key: 'internal_tag_parent' }]]);
    // labels/p-topics is the group of ideas/p-topic, which is not internal
    expect(await refused('labels', 'p-topics', { name: 'topics', label: 'Topics', type: 'tag', multiple: true, internal: true, tag_parents: ['other/p-tags'] })).toEqual([400, [{ field: 'internal', key: 'public_tag_group' }]]);
    expect([await streamLength(appStream('other')), await streamLength(appStream('labels'))]).toEqual(before);
    // an internal property naming them is fine
    await must(admin, 'put', '/api/v1/apps/other/properties/p-hush', { name: 'hush', label: 'Hush', type: 'tag', multiple: true, internal: true, tag_parents: ['other/p-tags', 'ideas/p-staff'] });
  });

  it("orders an external member's tags by their public uses only: uses under internal properties move neither suggestions nor search counts", async () => {
    const { member } = clients;
    for (const name of ['Mulch heap', 'Mulch heap', 'Mulch bin']) await must(member, 'post', '/api/v1/apps/other/items', { values: { tags: [name] } });
    // the staff use the public tag under their internal property, three times
    for (let index = 0; index < 3; index += 1) await must(member, 'post', '/api/v1/apps/other/items', { values: { hush: ['Mulch bin'] } });
    const seen: Record<string, unknown> = {};
    for (const role of ROLES) {
      const found = await must<FindTagsResponse>(clients[role], 'get', '/tags/find?q=mulch&exclude_new=true');
      const searched = await must<GlobalSearchResponse>(clients[role], 'get', '/search.json?q=mulch&module=tags');
      seen[role] = {
        found: found.tags.map((tag) => tag.name),
        counts: Object.fromEntries(searched.results.flatMap((result) => result.hits).map((hit) => [hit.title, hit.tag?.item_count])),
      };
    }
    const inside = { found: ['Mulch bin', 'Mulch heap'], counts: { 'Mulch bin': 4, 'Mulch heap': 2 } };
    expect(seen).toEqual({ admin: inside, member: inside, other: inside, external: { found: ['Mulch heap', 'Mulch bin'], counts: { 'Mulch bin': 1, 'Mulch heap': 2 } } });
  });

  it('creates a related item from the relation picker under the related app\'s rule: 201 for members, 403 for external members', async () => {
    const { admin } = clients;
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-label', { name: 'label', label: 'Label', type: 'relation', related_apps: ['labels'], allow_create_related: true });
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const related = await must<AppDto>(clients[role], 'get', '/api/v1/apps/labels');
      const created = await call(clients[role], 'post', '/api/v1/apps/labels/items', { values: { title: `Made by ${role}` } });
      if ((created.status === 201) !== related.can.create_item) mismatches.push(`${role}: flag ${related.can.create_item}, answer ${created.status}`);
      if (created.status !== 201) {
        expect(created.status).toBe(403);
        continue;
      }
      const id = (created.body as { id: string }).id;
      const picked = await call(clients[role], 'post', '/api/v1/apps/ideas/items', { values: { title: `Picked by ${role}`, label: [{ id, app: 'labels', displayValue: `Made by ${role}` }] } });
      expect(picked.status).toBe(201);
    }
    expect(mismatches).toEqual([]);
    expect((await call(clients.external, 'post', '/api/v1/apps/labels/items', { values: { title: 'x' } })).status).toBe(403);
  });
});
