import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CONSISTENCY_HEADER, type GlobalSearchResponse } from '@cn/contracts';
import { startSearchHarness, type SearchHarness } from '../__tests__/harness';

/**
 * Groups found by their category's name (§2: a group hit links to its category's directory tab,
 * `/directory/{categorySlug}?q=`): only groups the viewer may see, a hidden one never to an outsider.
 */
describe('global search: groups by their category', () => {
  let h: SearchHarness & { dir: string };
  const word = `c${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let head = 0;
  const append = async (type: string, data: Record<string, unknown>, memberId: string | null = null) => {
    head = await h.append(`test-${randomUUID()}`, type, data, memberId);
  };
  const groupsFound = async (memberId: string) => {
    const res = await request(h.server).get('/search.json').query({ q: word, module: 'groups' }).set('Cookie', h.cookie(memberId)).set(CONSISTENCY_HEADER, String(head));
    expect(res.status).toBe(200);
    return (res.body as GlobalSearchResponse).results[0]?.hits.map((hit) => [hit.id, hit.group_category?.html_url]).sort() ?? [];
  };

  beforeAll(async () => {
    h = await startSearchHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('insider', 'Ina', 'Insider');
    await h.register('outsider', 'Otto', 'Outsider');
    await append('GroupCategoryCreated', { category_id: 'cat', slug: 'clubs', name: `${word} Clubs`, plural_name: 'Clubs', color: '000000', members_can_create: true }, 'admin');
    await append('GroupCategoryCreated', { category_id: 'other', slug: 'teams', name: 'Teams', plural_name: 'Teams', color: '000000', members_can_create: true }, 'admin');
    await append('GroupCreated', { group_id: 'open', slug: 'chess', name: 'Chess', group_category_id: 'cat', access: 'open' }, 'insider');
    await append('GroupCreated', { group_id: 'hidden', slug: 'secret', name: 'Secret', group_category_id: 'cat', access: 'hidden' }, 'insider');
    await append('MemberJoinedGroup', { group_id: 'hidden', member_id: 'insider', admin: true }, 'insider');
    await append('GroupCreated', { group_id: 'elsewhere', slug: 'rowing', name: 'Rowing', group_category_id: 'other', access: 'open' }, 'insider');
  });
  afterAll(() => h.close());

  it('finds the groups of a category by its name, each linking to the category\'s tab with the term, hidden ones only for who may see them', async () => {
    const link = `/directory/clubs?q=${word}`;
    expect(await groupsFound('outsider')).toEqual([['open', link]]);
    expect(await groupsFound('insider')).toEqual([
      ['hidden', link],
      ['open', link],
    ]);
    expect(await groupsFound('admin')).toEqual([
      ['hidden', link],
      ['open', link],
    ]);
  });

  it('follows a group moved to another category', async () => {
    await append('GroupDetailsChanged', { group_id: 'elsewhere', details: { name: 'Rowing', teaser: '', description: '', access: 'open', externally_visible: false, group_category_id: 'cat', moderated_join: false, members_can_invite: true, sensitive: false, active_main_group: false, chat: 'disabled' }, changed_fields: ['group_category_id'] }, 'insider');
    expect((await groupsFound('outsider')).map(([id]) => id)).toEqual(['elsewhere', 'open']);
  });
});
