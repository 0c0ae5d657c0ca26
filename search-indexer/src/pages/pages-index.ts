import { eventOf, htmlToText, pageEvents, pagePath, type PageVisibility } from '@cn/contracts';
import type { SearchCollection, SearchDocument, SearchQuery } from '@cn/platform';
import { searchIndexDefinition, type Indexing } from '../core/search-feature';
import type { SearchViewer } from '../global-search/search-viewer';

/** A page as the global search finds it: its title and the text of its content, with who may see it. */
export interface PageSearchDocument extends SearchDocument {
  id: string;
  slug: string;
  title: string;
  text: string;
  visibility: PageVisibility;
  created_at: string;
  updated_at: string;
}

export const PAGES_INDEX_DEFINITION = searchIndexDefinition<PageSearchDocument>('pages', {
  searchableAttributes: ['title', 'text'],
  filterableAttributes: ['id', 'visibility'],
  sortableAttributes: ['created_at', 'title', 'id'],
});

export type PagesIndex = SearchCollection<PageSearchDocument>;

/** what the viewer may find: internal pages stay hidden from external members (maySeePage in the contracts) */
export const pagesFilterOf = (viewer: SearchViewer): NonNullable<SearchQuery['filter']> =>
  viewer.roles.external && !viewer.roles.network_admin ? { visibility: 'members' } : {};

export const pageHitUrl = (doc: PageSearchDocument): string => pagePath(doc.slug);

export const pagesIndexing = (pages: PagesIndex): Indexing => ({
  eventTypes: pageEvents.map((definition) => definition.type),
  handle: async (recorded) => {
    const event = eventOf(pageEvents, recorded);
    if (event === null) return;
    switch (event.type) {
      case 'PageCreated':
      case 'PageEdited':
      case 'PageVersionRestored': {
        const { page_id, slug, title, content, visibility } = event.data;
        const at = recorded.metadata.occurredAt;
        const current = await pages.get(page_id);
        await pages.upsert([{ id: page_id, slug, title, text: htmlToText(content), visibility, created_at: current?.created_at ?? at, updated_at: at }]);
        return;
      }
      case 'PageDeleted':
        await pages.delete([event.data.page_id]);
        return;
    }
  },
});
