import { maySeePage, memberAbilities, pagePath, type MemberRoles, type NetworkSettings, type PageDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { pagesProjection, type PageDocument } from './pages.projection';

export const pagesCollection = (store: DocumentStore) => store.collection<PageDocument>(collectionName(pagesProjection));

/** A page as the viewer gets it: what they may do comes from the rule the write routes' guard uses (administrate). */
export const toPageDto = (doc: PageDocument, roles: MemberRoles, settings: NetworkSettings): PageDto => {
  const administrate = memberAbilities(roles, settings).administrate;
  return {
    id: doc._id,
    slug: doc.slug,
    title: doc.title,
    content: doc.content,
    visibility: doc.visibility,
    html_url: pagePath(doc.slug),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    revision: doc.revision,
    can: { update: administrate, destroy: administrate },
  };
};

export const findPageBySlug = async (store: DocumentStore, slug: string): Promise<PageDocument | null> =>
  (await pagesCollection(store).find({ slug, deleted: false }, { limit: 1 }))[0] ?? null;

export const visiblePages = async (store: DocumentStore, roles: MemberRoles): Promise<PageDocument[]> =>
  (await pagesCollection(store).find({ deleted: false }, { sort: [['title', 1], ['_id', 1]] })).filter((doc) => maySeePage(doc.visibility, roles));
