import { applyAll, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { pageHitUrl, pagesFilterOf, pagesIndexing, type PageSearchDocument } from './pages-index';

describe('pages search indexing', () => {
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const pages = memoryIndex<PageSearchDocument>();
    await applyAll(pagesIndexing(pages.collection), events);
    return pages.docs;
  };
  const fields = { page_id: 'p1', title: 'House rules', slug: 'house-rules', content: '<p>Be <b>kind</b></p>', visibility: 'members' };

  it('indexes the title and the text of the content, with its visibility and link', async () => {
    const docs = await setup([recordedEvent('PageCreated', fields)]);
    expect(docs.get('p1')).toMatchObject({ title: 'House rules', slug: 'house-rules', text: 'Be kind', visibility: 'members' });
    expect(pageHitUrl(docs.get('p1') as PageSearchDocument)).toBe('/pages/house-rules');
  });

  it('follows edits (keeping when the page was made) and forgets a deleted page', async () => {
    const created = recordedEvent('PageCreated', fields);
    const edited = await setup([created, recordedEvent('PageEdited', { ...fields, slug: 'rules', content: '<p>Always</p>', visibility: 'internal' }, null, '2026-12-01T10:00:00.000Z')]);
    expect(edited.get('p1')).toMatchObject({ slug: 'rules', text: 'Always', visibility: 'internal', created_at: created.metadata.occurredAt, updated_at: '2026-12-01T10:00:00.000Z' });
    expect((await setup([created, recordedEvent('PageDeleted', { page_id: 'p1' })])).has('p1')).toBe(false);
  });

  it('indexes a restored version as the page now reads', async () => {
    const restored = await setup([recordedEvent('PageCreated', fields), recordedEvent('PageEdited', { ...fields, content: '<p>Later</p>' }), recordedEvent('PageVersionRestored', { ...fields, restored_version: 1 })]);
    expect(restored.get('p1')).toMatchObject({ text: 'Be kind' });
  });

  it('lets external members find only pages for every member', () => {
    expect(pagesFilterOf({ id: 'g', roles: { network_admin: false, external: true } })).toEqual({ visibility: 'members' });
    expect(pagesFilterOf({ id: 'm', roles: { network_admin: false, external: false } })).toEqual({});
    expect(pagesFilterOf({ id: 'a', roles: { network_admin: true, external: true } })).toEqual({});
  });
});
