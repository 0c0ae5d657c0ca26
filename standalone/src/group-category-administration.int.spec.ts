import {
  FOLDER_PROFILE_SET,
  type AdministrationNavigationResponse,
  type GroupCategoriesResponse,
  type GroupCategoryAdministrationDto,
  type GroupCategoryCan,
  type GroupDetailDto,
  type NavigationResponse,
  type NetworkResponse,
  type PropertySetResponse,
  type StatisticsResponse,
} from '@cn/contracts';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

const PASSWORD = 'a good passphrase for tests';
const NONE: GroupCategoryCan = { administrate: false, view_administration: false, manage_administrators: false };
const design = (name: string) => ({ name, primary_color: '#112233', primary_text_color: '#ffffff', background_color: '#f0f0f0' });
const navigation = (revision: number, text: string) => ({ navigation_items: [{ text, link: '/directory' }], revision });

/**
 * Group-category administrators: network administrators name them; they administrate their category's
 * designs, navigation and statistics and nothing else. For every role (member, group admin, the
 * category's administrator, another category's, network admin, auditor) the `can` flags the consoles
 * receive are what every route of the category's administration answers.
 */
describe('group-category administration: flags agree with the answers for every role', () => {
  const demo = useDemoServer('category-administration');
  const { call, must } = httpCaller(() => demo.server);
  const clients: Record<string, SignedInClient> = demo.clients;
  const categories: Record<'a' | 'b', { id: string; slug: string }> = { a: { id: '', slug: '' }, b: { id: '', slug: '' } };
  /** the group the demo member founds in category a */
  let choir = '';

  const newMember = async (key: string): Promise<void> => {
    const email = `${key.toLowerCase()}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: key, last_name: 'Tester' } });
    clients[key] = await signInClient(demo.server, email, PASSWORD);
  };
  const categoryAdmin = (category: 'a' | 'b', memberId: string, method: 'put' | 'delete' = 'put', by = clients.admin) =>
    call(by, method, `/administration/group-categories/${categories[category].id}/administrators/${memberId}`);
  const head = (): Promise<number> => demo.running.infra.eventStore.headPosition();

  beforeAll(async () => {
    for (const key of ['a', 'b'] as const) {
      const created = await must<{ id: string }>(clients.admin, 'post', '/administration/group-categories', { category: { name: `Team ${key}`, plural_name: `Teams ${key}`, members_can_create: true } });
      const listed = (await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories')).group_categories.find((category) => category.id === created.id);
      categories[key] = { id: created.id, slug: listed?.slug ?? '' };
    }
    await newMember('Plain');
    await newMember('Cathy');
    await newMember('Bert');
    // the demo member founds a group in category a: a group admin there
    choir = (await must<{ slug: string }>(clients.member, 'post', '/groups', { group_category_slug: categories.a.slug, group: { name: 'Choir of a' } })).slug;
    clients.groupAdmin = clients.member;
    expect((await categoryAdmin('a', clients.Cathy.id)).status).toBe(200);
    expect((await categoryAdmin('b', clients.Bert.id)).status).toBe(200);
  });

  it('only network administrators name administrators; bad members are refused with the field and nothing appended', async () => {
    const before = await head();
    const unknown = await categoryAdmin('a', 'no-such-member');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: [{ field: 'member_id', key: 'not_found' }] });
    // a guest (external member) administrates nothing
    expect((await categoryAdmin('a', clients.guest.id)).status).toBe(400);
    expect((await categoryAdmin('a', clients.Plain.id, 'put', clients.Cathy)).status).toBe(403);
    expect((await call(clients.admin, 'put', `/administration/group-categories/no-such-category/administrators/${clients.Plain.id}`)).status).toBe(404);
    // naming an administrator twice appends nothing
    expect((await categoryAdmin('a', clients.Cathy.id)).status).toBe(200);
    expect(await head()).toBe(before);
  });

  it('every role: the flags of the category list and of its administration are what the routes answer', async () => {
    const a = categories.a;
    const base = `/group-categories/${a.slug}/administration`;
    const designs = `/group-categories/${a.id}/administration/designs`;
    const checked: string[] = [];
    for (const role of ['Plain', 'groupAdmin', 'Cathy', 'Bert', 'admin', 'auditor']) {
      const client = clients[role];
      const listed = (await must<GroupCategoriesResponse>(client, 'get', '/api/v1/group_categories')).group_categories.find((category) => category.id === a.id);
      const shown = await call(client, 'get', base);
      const can = shown.status === 200 ? (shown.body as GroupCategoryAdministrationDto).can : NONE;
      expect([role, listed?.can.administrate ?? false]).toEqual([role, can.administrate]);
      const reads = can.view_administration ? 200 : 403;
      const writes = (ok: number) => (can.administrate ? ok : 403);
      expect([role, shown.status]).toEqual([role, reads]);
      expect([role, (await call(client, 'get', `${base}/navigation.json`)).status]).toEqual([role, reads]);
      expect([role, (await call(client, 'get', `${base}/statistics`)).status]).toEqual([role, reads]);
      expect([role, (await call(client, 'get', `${designs}?range=[0,9]`)).status]).toEqual([role, reads]);

      expect([role, (await call(client, 'post', designs, design(`${role} own`))).status]).toEqual([role, writes(201)]);
      const fixture = await must<{ id: string }>(clients.admin, 'post', designs, design(`${role} fixture`));
      const spare = await must<{ id: string }>(clients.admin, 'post', designs, design(`${role} spare`));
      expect([role, (await call(client, 'put', `${designs}/${fixture.id}`, design(`${role} edited`))).status]).toEqual([role, writes(200)]);
      expect([role, (await call(client, 'put', `${designs}/${fixture.id}/activate`, { active: true })).status]).toEqual([role, writes(200)]);
      expect([role, (await call(client, 'delete', `${designs}/${spare.id}`)).status]).toEqual([role, writes(200)]);
      const { revision } = await must<NavigationResponse>(clients.admin, 'get', `${base}/navigation.json`);
      expect([role, (await call(client, 'put', `${base}/navigation`, navigation(revision, role))).status]).toEqual([role, writes(200)]);

      expect([role, (await categoryAdmin('a', clients.Cathy.id, 'put', client)).status]).toEqual([role, can.manage_administrators ? 200 : 403]);
      // a category's administrator never reaches the network's settings: only `can.administrate` of the network does
      const network = (await must<NetworkResponse>(client, 'get', '/api/v1/network')).can;
      expect([role, (await call(client, 'get', '/administration/settings')).status]).toEqual([role, network.administrate ? 200 : 403]);
      checked.push(`${role}:${can.administrate}/${can.view_administration}/${can.manage_administrators}`);
    }
    expect(checked).toEqual([
      'Plain:false/false/false',
      'groupAdmin:false/false/false',
      'Cathy:true/true/false',
      'Bert:false/false/false',
      'admin:true/true/true',
      'auditor:false/true/false',
    ]);
    // what the category's administrators saved is the category's, not the network's or another's
    const saved = await must<NavigationResponse>(clients.Cathy, 'get', `${base}/navigation.json`);
    expect(saved.navigation_items.map((item) => item.text)).toEqual(['admin']);
    expect((await must<NavigationResponse>(clients.admin, 'get', '/administration/navigation.json')).navigation_items).toEqual([]);
    expect((await must<NavigationResponse>(clients.Bert, 'get', `/group-categories/${categories.b.slug}/administration/navigation.json`)).navigation_items).toEqual([]);
  });

  it("the administration lists the category's administrators for network admins, and the navigation their categories' links", async () => {
    const shown = await must<GroupCategoryAdministrationDto>(clients.admin, 'get', `/group-categories/${categories.a.id}/administration`);
    expect(shown.administrators).toEqual([{ id: clients.Cathy.id, name: 'Cathy Tester' }]);
    expect((await must<GroupCategoryAdministrationDto>(clients.Cathy, 'get', `/group-categories/${categories.a.slug}/administration`)).administrators).toEqual([]);
    const cathy = await must<AdministrationNavigationResponse>(clients.Cathy, 'get', '/api/v1/navigation/administration');
    expect(cathy.items).toEqual([]);
    expect(cathy.group_categories).toEqual([{ slug: categories.a.slug, name: 'Teams a', link: `/group-categories/${categories.a.slug}/administration` }]);
    expect((await must<AdministrationNavigationResponse>(clients.Plain, 'get', '/api/v1/navigation/administration')).group_categories).toEqual([]);
  });

  it("statistics add up the category's groups; taking the rights back closes the administration at once", async () => {
    const stats = await must<StatisticsResponse>(clients.Cathy, 'get', `/group-categories/${categories.a.slug}/administration/statistics`);
    expect(stats.scope).toBe('group_category');
    // the choir's founder is the one membership in category a
    expect(stats.days[stats.days.length - 1]).toMatchObject({ members: 1 });
    const other = await must<StatisticsResponse>(clients.Bert, 'get', `/group-categories/${categories.b.slug}/administration/statistics`);
    expect(other.days[other.days.length - 1]).toMatchObject({ members: 0, events: 0 });

    expect((await categoryAdmin('a', clients.Cathy.id, 'delete')).status).toBe(200);
    expect((await call(clients.Cathy, 'get', `/group-categories/${categories.a.slug}/administration`)).status).toBe(403);
    expect((await call(clients.Cathy, 'post', `/group-categories/${categories.a.id}/administration/designs`, design('late'))).status).toBe(403);
    const navigation = await must<AdministrationNavigationResponse>(clients.Cathy, 'get', '/api/v1/navigation/administration');
    expect([navigation.group_categories, navigation.groups]).toEqual([[], []]);
  });

  it("the category's groups are the administrator's: listed in their administration navigation and their property sets theirs to edit, by the groups' flags", async () => {
    // the statistics above counted category b empty: its group is founded only now; Cathy is named again
    expect((await categoryAdmin('a', clients.Cathy.id)).status).toBe(200);
    const band = await must<{ slug: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.b.slug, group: { name: 'Band of b' } });
    const groups = { a: choir, b: band.slug };
    // the folder profile every group inherits from the network, until a group saves its own
    await must(clients.admin, 'put', `/api/v1/property_sets/${FOLDER_PROFILE_SET}`, { properties: [{ name: 'shelf', type: 'text', label: 'Shelf' }], revision: 0 });
    const checked: string[] = [];
    for (const role of ['Cathy', 'Bert', 'Plain']) {
      const client = clients[role];
      const listed = (await must<AdministrationNavigationResponse>(client, 'get', '/api/v1/navigation/administration')).groups.map((group) => group.slug);
      for (const key of ['a', 'b'] as const) {
        const group = await must<GroupDetailDto>(client, 'get', `/api/v1/groups/${groups[key]}`);
        const profile = `/api/v1/property_sets/${FOLDER_PROFILE_SET}?context_type=group&context_id=${group.id}`;
        // the navigation links the group's administration exactly when the group's page does (can.archive || can.moderate)
        expect([role, key, listed.includes(groups[key])]).toEqual([role, key, group.can.archive || group.can.moderate]);
        const read = await must<PropertySetResponse>(client, 'get', `${profile}&inherit=true`);
        expect([role, key, read.can.update]).toEqual([role, key, group.can.edit_property_sets]);
        const saved = await call(client, 'put', profile, { properties: [{ name: 'shelf', type: 'text', label: `Shelf of ${role}` }], revision: read.revision });
        expect([role, key, saved.status]).toEqual([role, key, read.can.update ? 200 : 403]);
        checked.push(`${role}:${key}:${listed.includes(groups[key])}/${read.can.update}`);
      }
    }
    expect(checked).toEqual(['Cathy:a:true/true', 'Cathy:b:false/false', 'Bert:a:false/false', 'Bert:b:true/true', 'Plain:a:false/false', 'Plain:b:false/false']);
    // what the category's administrator saved is the group's own set
    const own = await must<PropertySetResponse>(clients.admin, 'get', `/api/v1/property_sets/${FOLDER_PROFILE_SET}?context_type=group&context_id=${(await must<GroupDetailDto>(clients.admin, 'get', `/api/v1/groups/${groups.a}`)).id}`);
    expect([own.inherited, own.properties.map((property) => property.label)]).toEqual([false, ['Shelf of Cathy']]);
    // taking the rights back takes the group with them
    expect((await categoryAdmin('a', clients.Cathy.id, 'delete')).status).toBe(200);
    expect((await must<AdministrationNavigationResponse>(clients.Cathy, 'get', '/api/v1/navigation/administration')).groups).toEqual([]);
    expect((await call(clients.Cathy, 'put', `/api/v1/property_sets/${FOLDER_PROFILE_SET}?context_type=group&context_id=${own.context_id}`, { properties: [{ name: 'shelf', type: 'text', label: 'Too late' }], revision: own.revision })).status).toBe(403);
  });
});
