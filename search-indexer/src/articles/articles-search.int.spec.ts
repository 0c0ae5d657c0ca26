import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CONSISTENCY_HEADER, propertyDefinition, type GlobalSearchResponse } from '@cn/contracts';
import { startSearchHarness, type SearchHarness } from '../__tests__/harness';
import { ARTICLES_INDEX_DEFINITION } from './articles-index';

/**
 * Channel articles and the network's tags as global search hits (issue 16): each its own module of the
 * filter bar; an article of a draft or archived channel only for its updaters (network administrators and
 * the channel's author), as the channel directory; a tag for every member, linked to the streams it filters.
 */
describe('global search: channel articles and tags', () => {
  let h: SearchHarness & { dir: string };
  const word = `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let head = 0;
  const append = async (type: string, data: Record<string, unknown>, memberId: string | null = null) => {
    head = await h.append(`test-${randomUUID()}`, type, data, memberId);
  };
  const search = async (memberId: string, query: Record<string, string>): Promise<GlobalSearchResponse> => {
    const res = await request(h.server).get('/search.json').query({ q: word, ...query }).set('Cookie', h.cookie(memberId)).set(CONSISTENCY_HEADER, String(head));
    expect(res.status).toBe(200);
    return res.body as GlobalSearchResponse;
  };
  const countOf = (answer: GlobalSearchResponse, module: string) => answer.counts.find((entry) => entry.module === module)?.count;

  beforeAll(async () => {
    h = await startSearchHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('author', 'Aron', 'Author');
    await h.register('reader', 'Rita', 'Reader');
    await h.register('guest', 'Gus', 'Guest', { external: true });
    await append('ChannelCreated', { channel_id: 'live', slug: 'live', title: 'Live news', description: '', status: 'active', author_id: 'author', blog_id: 'blog-live' });
    await append('ChannelCreated', { channel_id: 'draft', slug: 'draft', title: 'Draft news', description: '', status: 'draft', author_id: 'author', blog_id: 'blog-draft' });
    await append('ArticlePublished', { channel_id: 'live', blog_id: 'blog-live', article_id: 'a-live', title: `The ${word} festival`, html_content: '<p>Music <b>all night</b></p>', author_id: 'author' }, 'author');
    await append('ArticlePublished', { channel_id: 'draft', blog_id: 'blog-draft', article_id: 'a-draft', title: 'Plans', html_content: `<p>${word} preview</p>`, author_id: 'author' }, 'author');
    await append('ArticlePublished', { channel_id: 'live', blog_id: 'blog-live', article_id: 'a-gone', title: `${word} gone`, html_content: '', author_id: 'author' }, 'author');
    await append('ArticleDeleted', { channel_id: 'live', blog_id: 'blog-live', article_id: 'a-gone' }, 'author');
    await append('AppCreated', { app_id: 'tasks', name: 'Tasks', description: '' }, 'admin');
    await append('AppPropertyDefined', { app_id: 'tasks', property: propertyDefinition({ id: 'p1', name: 'labels', type: 'tag', label: 'Labels' }) }, 'admin');
    await append('AppItemCreated', { app_id: 'tasks', item_id: 'i1', author_id: 'reader', values: { p1: [`${word}tag`, 'other'] } }, 'reader');
  });
  afterAll(() => h.close());

  it('finds an active channel\'s article for everyone, a draft channel\'s only for its updaters, never a deleted one', async () => {
    const expected: Record<string, string[]> = { admin: ['a-draft', 'a-live'], author: ['a-draft', 'a-live'], reader: ['a-live'], guest: ['a-live'] };
    for (const [memberId, ids] of Object.entries(expected)) {
      const answer = await search(memberId, { module: 'articles' });
      expect([memberId, answer.results[0]?.hits.map((hit) => hit.id).sort()]).toEqual([memberId, ids]);
      expect(countOf(answer, 'articles')).toBe(ids.length);
    }
    const [live] = (await search('reader', { module: 'articles' })).results[0]?.hits ?? [];
    expect(live).toMatchObject({ module: 'articles', html_url: '/blogs/blog-live/article/a-live', html_content: 'Music all night', article: { channel_id: 'live', channel_title: 'Live news' } });
  });

  it('follows the channel: once active, its articles are everyone\'s', async () => {
    await append('ChannelUpdated', { channel_id: 'draft', title: 'Now live', description: '', status: 'active', changed_fields: ['status', 'title'] }, 'admin');
    const answer = await search('reader', { module: 'articles' });
    expect(answer.results[0]?.hits.map((hit) => [hit.id, hit.article?.channel_title]).sort()).toEqual([
      ['a-draft', 'Now live'],
      ['a-live', 'Live news'],
    ]);
  });

  it('rebuilds a feature\'s index from the history beside the live one and swaps it in, answering all along', async () => {
    // answers are cached per viewer, query and index position: each look below asks something new
    const before = await search('admin', { module: 'articles', sort_by: 'date,desc' });
    // a stray document only the live index holds: gone after the swap
    const live = await h.indexer.runtime.index(ARTICLES_INDEX_DEFINITION);
    await live.upsert([{ id: 'stray', channel_id: 'x', blog_id: 'x', channel_title: '', title: `${word} stray`, text: '', author_id: null, created_at: '2026-01-01T00:00:00.000Z', visible_to: ['all'] }]);
    const rebuilding = h.indexer.runtime.rebuildFeature('articles');
    // meanwhile the live index answers (with the stray document)
    const during = await request(h.server).get('/search.json').query({ q: word, module: 'articles', sort_by: 'date,asc' }).set('Cookie', h.cookie('admin'));
    expect(during.status).toBe(200);
    expect((during.body as GlobalSearchResponse).results[0]?.hits.map((hit) => hit.id)).toContain('stray');
    expect(await rebuilding).toBe(head);
    const after = await search('author', { module: 'articles', sort_by: 'date,desc' });
    expect(after.results[0]?.hits.map((hit) => hit.id)).toEqual(['a-draft', 'a-live']);
    expect(after.results[0]?.hits).toEqual(before.results[0]?.hits);
    // and the projector follows the log again
    await append('ArticlePublished', { channel_id: 'live', blog_id: 'blog-live', article_id: 'a-new', title: `${word} after`, html_content: '', author_id: 'author' }, 'author');
    expect((await search('reader', { module: 'articles' })).results[0]?.hits.map((hit) => hit.id)).toContain('a-new');
    await expect(h.indexer.runtime.rebuildFeature('nothing')).rejects.toThrow(/no search feature named nothing/);
  });

  it('finds the tags items carry, in the overview and as their own module', async () => {
    const overview = await search('guest', {});
    expect(countOf(overview, 'tags')).toBe(1);
    const tags = overview.results.find((result) => result.module === 'tags');
    expect(tags?.hits.map((hit) => [hit.title, hit.html_url, hit.tag?.item_count])).toEqual([[`${word}tag`, `/activitystreams/all?tag=${word}tag`, 1]]);
    const only = await search('reader', { module: 'tags' });
    expect(only.module).toBe('tags');
    expect(only.pagination?.total).toBe(1);
  });
});
