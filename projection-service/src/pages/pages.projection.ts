import { eventOf, pageEvents, type PageVersionKind, type PageVisibility } from '@cn/contracts';
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
  // 2: a restored version (PageVersionRestored) is the page's newest
  version: 2,
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
      case 'PageEdited':
      case 'PageVersionRestored': {
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

/** One version of a page: an event that made it, kept as the page then read (the history's answer). */
export interface PageVersionDocument extends ProjectedDocument {
  page_id: string;
  /** the log position of the event that made it: versions are numbered in this order */
  position: number;
  kind: PageVersionKind;
  restored_version: number | null;
  title: string;
  slug: string;
  content: string;
  visibility: PageVisibility;
  /** who made it (null: the system) */
  member_id: string | null;
  created_at: string;
}

const versionKinds = { PageCreated: 'created', PageEdited: 'edited', PageVersionRestored: 'restored' } as const;

/**
 * The versions of every page, one document per version, keyed by the event that made it: replaying an
 * event writes the same document again. Numbers are counted when read (position order), the way the
 * decider and the pages read model count revisions. A deleted page's versions stay (its history answers 404).
 */
export const pageVersionsProjection: Projection<PageVersionDocument> = {
  name: 'page_versions',
  version: 1,
  eventTypes: Object.keys(versionKinds),
  documentIds: (event) => [pageVersionId((event.data as { page_id: string }).page_id, event.position)],
  indexes: [['page_id', 'position']],
  evolve(doc, event, id) {
    if (doc) return doc;
    const changed = eventOf(pageEvents, event);
    if (!changed || changed.type === 'PageDeleted') return doc;
    const { page_id, title, slug, content, visibility } = changed.data;
    return {
      _id: id,
      page_id,
      position: event.position,
      kind: versionKinds[changed.type],
      restored_version: changed.type === 'PageVersionRestored' ? changed.data.restored_version : null,
      title,
      slug,
      content,
      visibility,
      member_id: event.metadata.memberId,
      created_at: event.metadata.occurredAt,
    };
  },
};

export const pageVersionId = (pageId: string, position: number): string => `${pageId}@${position}`;
