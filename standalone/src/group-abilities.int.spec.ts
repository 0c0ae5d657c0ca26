import { FOLDER_PROFILE_SET, type GroupCan, type GroupCategoriesResponse, type GroupDetailDto, type GroupDirectoryResponse, type GroupMembershipStatus, type NavigationResponse } from '@cn/contracts';
import { DEMO_PASSWORD } from '@cn/command-service';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Kind = 'open' | 'moderated' | 'closed' | 'hidden' | 'external';
const KINDS: Record<Kind, object> = {
  open: {},
  moderated: { moderated_join: true },
  closed: { access: 'closed' },
  hidden: { access: 'hidden' },
  external: { externally_visible: true },
};
const NO_FLAGS: GroupCan = {
  see: false,
  join: false,
  join_moderated: false,
  leave: false,
  update: false,
  destroy: false,
  archive: false,
  invite: false,
  moderate: false,
  create_hidden: false,
  subscribe: false,
  favorite: false,
  create_appointments: false,
  create_calendars: false,
  edit_widgetbars: false,
  edit_designs: false,
  edit_navigation: false,
  view_statistics: false,
  edit_property_sets: false,
};

/**
 * One source of truth for the groups module's permissions: for every role (member, external member,
 * group admin, the administrator of the groups' category and of another category, network admin, auditor) and every kind of group (open, moderated, closed, hidden,
 * externally visible), each `can` flag GET /api/v1/groups/{slug} answers is what the write side does: an
 * action whose flag is true is accepted, one whose flag is false is refused (403, or 404 where the group
 * does not exist for the member). Flags are read again before each action, on fresh groups per role.
 */
describe('group flags agree with the answers, for every role and kind of group', () => {
  const demo = useDemoServer('group-abilities');
  let categorySlug = '';
  let categoryId = '';
  const clients: Record<string, Client> = demo.clients;

  const signIn = (email: string, password = DEMO_PASSWORD): Promise<Client> => signInClient(demo.server, email, password);
  const { call, must } = httpCaller(() => demo.server);
  const read = async (client: Client, slug: string): Promise<{ can: GroupCan; status: GroupMembershipStatus | null }> => {
    const res = await call(client, 'get', `/api/v1/groups/${slug}`);
    if (res.status === 404) return { can: NO_FLAGS, status: null };
    expect(res.status).toBe(200);
    const group = res.body as GroupDetailDto;
    return { can: group.can, status: group.membership_status_of_current_member };
  };

  beforeAll(async () => {
    const email = 'plain@example.org';
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: 'Plain', last_name: 'Member' } });
    clients.plain = await signIn(email, 'a good passphrase for tests');
    const [category] = ((await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories;
    categorySlug = category.slug;
    categoryId = category.id;
    // Cathy administrates the category every fixture is founded in, Otto another one
    const other = await must<{ id: string }>(clients.admin, 'post', '/administration/group-categories', { category: { name: 'Elsewhere', plural_name: 'Elsewheres', members_can_create: true } });
    for (const [key, administered] of [['Cathy', categoryId], ['Otto', other.id]] as const) {
      const address = `${key.toLowerCase()}@example.org`;
      await must(clients.admin, 'post', '/administration/members', { user: { email: address, password: 'a good passphrase for tests', first_name: key, last_name: 'Category' } });
      clients[key] = await signIn(address, 'a good passphrase for tests');
      await must(clients.admin, 'put', `/administration/group-categories/${administered}/administrators/${clients[key].id}`);
    }
  });

  interface Outcome {
    kind: Kind;
    action: string;
    flag: boolean;
    status: number;
  }

  let serial = 0;
  /**
   * Fresh groups of every kind. The network admin founds them, except for the group admin's walk: Max
   * founds his own (the hidden one only network admins may found, so there he is an outsider).
   */
  const fixtures = async (role: string): Promise<Record<Kind, string>> => {
    const slugs = {} as Record<Kind, string>;
    for (const kind of Object.keys(KINDS) as Kind[]) {
      serial += 1;
      const founder = role === 'groupAdmin' && kind !== 'hidden' ? clients.member : clients.admin;
      slugs[kind] = (await must<{ slug: string }>(founder, 'post', '/groups', { group_category_slug: categorySlug, group: { name: `${kind} ${serial}`, ...KINDS[kind] } })).slug;
    }
    return slugs;
  };

  const walk = async (role: string): Promise<Outcome[]> => {
    const client = clients[role];
    const slugs = await fixtures(role);
    const outcomes: Outcome[] = [];
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const slug = slugs[kind];
      const record = (action: string, flag: boolean, status: number) => outcomes.push({ kind, action, flag, status });
      const on = async (action: keyof GroupCan, act: () => Promise<{ status: number }>, noOp: (status: GroupMembershipStatus | null) => boolean = () => false) => {
        const { can, status } = await read(client, slug);
        const answer = (await act()).status;
        // an idempotent repeat (joining a group one is in, leaving one is not in) is accepted without a flag
        record(action, can[action] || noOp(status), answer);
      };
      await on('update', () => call(client, 'put', `/groups/${slug}`, { group: { teaser: `changed by ${role}` } }));
      await on('invite', () => call(client, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [clients.plain.id] }));
      await on('moderate', () => call(client, 'get', `/groups/${slug}/administration/join_requests`));
      const joinFlag = async () => {
        const { can, status } = await read(client, slug);
        const answer = (await call(client, 'post', `/api/v1/groups/${slug}/join`)).status;
        record('join', can.join || can.join_moderated || status === 'member' || status === 'in_moderation', answer);
      };
      await joinFlag();
      await on('favorite', () => call(client, 'post', `/api/v1/groups/${slug}/favorite`));
      await on('subscribe', () => call(client, 'post', `/groups/${slug}/subscribe`));
      const id = ((await call(clients.admin, 'get', `/api/v1/groups/${slug}`)).body as GroupDetailDto).id;
      await on('create_calendars', () => call(client, 'post', '/calendars', { type: 'group', parent_id: id, calendar: { name: `cal ${role}` } }));
      await on('edit_designs', () =>
        call(client, 'post', `/groups/${slug}/administration/designs`, { name: `design ${role}`, primary_color: '#224466', primary_text_color: '#ffffff', background_color: '#f4f4f4' }),
      );
      // the group's navigation and statistics answer by can.edit_navigation / can.view_statistics (a group admin of another group is refused)
      await on('edit_navigation', () => call(client, 'get', `/groups/${slug}/administration/navigation.json`));
      await on('edit_navigation', async () => {
        const { revision } = (await call(clients.admin, 'get', `/groups/${slug}/administration/navigation.json`)).body as NavigationResponse;
        return call(client, 'put', `/groups/${slug}/administration/navigation`, { navigation_items: [{ text: `By ${role}`, link: '/directory', public: false, new_window: false, navigation_items: [] }], revision });
      });
      await on('view_statistics', () => call(client, 'get', `/groups/${slug}/administration/statistics`));
      // the group's widget bars: the editor's read and a save, by can.edit_widgetbars
      await on('edit_widgetbars', () => call(client, 'get', `/groups/${id}/administration/widgetbars.json`));
      await on('edit_widgetbars', async () => {
        const { revision } = (await call(clients.admin, 'get', `/groups/${id}/administration/widgetbars/flags.json`)).body as { revision: number };
        return call(client, 'put', `/groups/${id}/administration/widgetbars/flags.json`, { widgetbar: { widgets: [] }, revision });
      });
      // the group's own folder profile (a property set of the group), by can.edit_property_sets; each fixture is fresh, so at revision 0
      await on('edit_property_sets', () =>
        call(client, 'put', `/api/v1/property_sets/${FOLDER_PROFILE_SET}?context_type=group&context_id=${id}`, { properties: [{ name: 'shelf', type: 'text', label: `Shelf ${role}` }], revision: 0 }),
      );
      // the group's members and admins: the plain member joins, then is made an admin (groupMemberAbilities, i.e. can.moderate)
      await call(clients.plain, 'post', `/api/v1/groups/${slug}/join`);
      await on('moderate', () => call(client, 'put', `/groups/${slug}/administration/admins/${clients.plain.id}`));
      await on('archive', () => call(client, 'put', `/groups/${slug}/archive`));
      await on('archive', () => call(client, 'delete', `/groups/${slug}/archive`));
      await on('leave', () => call(client, 'delete', `/groups/${slug}/join`), (status) => status !== null && status !== 'member');
      await on('destroy', () => call(client, 'delete', `/groups/${slug}`));
    }
    return outcomes;
  };

  const disagreements = (outcomes: Outcome[]) =>
    outcomes.filter(({ flag, status }) => (flag ? status >= 300 : status < 300 || (status !== 403 && status !== 404))).map((o) => `${o.kind} ${o.action}: can=${o.flag}, answered ${o.status}`);

  const walked: Outcome[] = [];
  const ROLES: Record<string, string> = {
    networkAdmin: 'admin',
    groupAdmin: 'member',
    categoryAdmin: 'Cathy',
    otherCategoryAdmin: 'Otto',
    member: 'plain',
    external: 'guest',
    auditor: 'auditor',
  };
  for (const [name, client] of Object.entries(ROLES)) {
    it(`${name}: every group flag is what the demo.server does`, async () => {
      clients[name] = clients[client];
      const outcomes = await walk(name);
      walked.push(...outcomes);
      expect(outcomes.length).toBe(5 * 19);
      expect(disagreements(outcomes)).toEqual([]);
    });
  }

  it("the category's administrator administrates every group of it, hidden ones too; another category's administrator none", async () => {
    const administrating: Array<keyof GroupCan> = [
      'see',
      'update',
      'destroy',
      'archive',
      'invite',
      'moderate',
      'edit_widgetbars',
      'edit_designs',
      'edit_navigation',
      'view_statistics',
      'edit_property_sets',
    ];
    const slugs = await fixtures('categoryAdmin');
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const cathy = (await read(clients.Cathy, slugs[kind])).can;
      const otto = (await read(clients.Otto, slugs[kind])).can;
      expect([kind, administrating.filter((flag) => !cathy[flag])]).toEqual([kind, []]);
      // network matters stay the network admins': hidden access, and the calendars module's own rule
      expect([kind, cathy.create_hidden, cathy.create_calendars]).toEqual([kind, false, false]);
      expect([kind, administrating.filter((flag) => flag !== 'see' && otto[flag])]).toEqual([kind, []]);
      expect([kind, otto.see]).toEqual([kind, kind !== 'hidden']);
    }
    // the hidden group is in Cathy's directory of its category, not in Otto's
    const listed = async (client: Client) => (await must<GroupDirectoryResponse>(client, 'get', `/api/v1/group_directory/${categorySlug}?q=hidden&per_page=100`)).entries.map((entry) => entry.slug);
    expect(await listed(clients.Cathy)).toContain(slugs.hidden);
    expect(await listed(clients.Otto)).not.toContain(slugs.hidden);
    // naming Cathy's rights away ends them at once
    await must(clients.admin, 'delete', `/administration/group-categories/${categoryId}/administrators/${clients.Cathy.id}`);
    expect((await read(clients.Cathy, slugs.open)).can.update).toBe(false);
    expect((await call(clients.Cathy, 'put', `/groups/${slugs.open}`, { group: { teaser: 'too late' } })).status).toBe(403);
    expect((await read(clients.Cathy, slugs.hidden)).status).toBeNull();
    await must(clients.admin, 'put', `/administration/group-categories/${categoryId}/administrators/${clients.Cathy.id}`);
  });

  it('walked both answers of every action: each is allowed to someone and refused to someone', () => {
    const actions = [...new Set(walked.map((o) => o.action))];
    for (const action of actions) {
      const of = walked.filter((o) => o.action === action);
      expect([action, of.some((o) => o.flag), of.some((o) => !o.flag)]).toEqual([action, true, true]);
    }
  });
});
