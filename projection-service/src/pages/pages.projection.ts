import { eventOf, pageEvents, type PageVisibility } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * A page as its route, the pages list and the navigation read it. A deleted page stays (deleted: true,
 * without its content) so that its removal reaches the consoles that had it open, and only those.
 */
export interface PageDocument extends ProjectedDocument {
  slug: string;
  title: string;
  content: string;
  visibility: PageVisibility;
  /** the visibility before the last change: who saw the page before it changed hears the change too */
  previous_visibility: PageVisibility;
  deleted: boolean;
  created_at: string;
  updated_at: string;
  /** events of this page so far: the revision its edit form is read at (the decider counts the same) */
  revision: number;
}

export const pagesProjection: Projection<PageDocument> = {
  name: 'pages',
  version: 1,
  eventTypes: pageEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { page_id: string }).page_id],
  indexes: [['deleted', 'title'], ['slug']],
  evolve(doc, event, id) {
    // revisions count events: one seen already (a replay) is not counted twice
    if (doc && doc._position >= event.position) return doc;
    const changed = eventOf(pageEvents, event);
    if (!changed) return doc;
    const at = event.metadata.occurredAt;
    switch (changed.type) {
      case 'PageCreated':
      case 'PageEdited': {
        const { title, slug, content, visibility } = changed.data;
        return {
          _id: id,
          slug,
          title,
          content,
          visibility,
          previous_visibility: doc?.visibility ?? visibility,
          deleted: false,
          created_at: doc?.created_at ?? at,
          updated_at: at,
          revision: (doc?.revision ?? 0) + 1,
        };
      }
      case 'PageDeleted':
        return doc ? { ...doc, content: '', previous_visibility: doc.visibility, deleted: true, updated_at: at, revision: doc.revision + 1 } : doc;
    }
  },
};
