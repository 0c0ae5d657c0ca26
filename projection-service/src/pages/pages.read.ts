import { DELETED_MEMBER_NAME, maySeePage, memberAbilities, PAGE_VERSION_FIELDS, pagePath, type MemberRoles, type NetworkSettings, type PageDto, type PageHistory, type PageVersionDto, type PageVersionSummary } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { pagesProjection, pageVersionsProjection, type PageDocument, type PageVersionDocument } from './pages.projection';

export const pagesCollection = (store: DocumentStore) => store.collection<PageDocument>(collectionName(pagesProjection));
export const pageVersionsCollection = (store: DocumentStore) => store.collection<PageVersionDocument>(collectionName(pageVersionsProjection));

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

/** a page's versions in the order they were made (version n is the n-th) */
const versionsOf = (store: DocumentStore, pageId: string): Promise<PageVersionDocument[]> => pageVersionsCollection(store).find({ page_id: pageId }, { sort: [['position', 1]] });

const summariesOf = async (store: DocumentStore, versions: readonly PageVersionDocument[]): Promise<PageVersionSummary[]> => {
  const ids = [...new Set(versions.flatMap((version) => (version.member_id ? [version.member_id] : [])))];
  const members = new Map((ids.length === 0 ? [] : await membersCollection(store).getMany(ids)).map((doc) => [doc._id, displayNameOf(doc)]));
  return versions.map((version, index) => {
    const before = versions[index - 1];
    return {
      version: index + 1,
      kind: version.kind,
      restored_version: version.restored_version,
      changed: PAGE_VERSION_FIELDS.filter((field) => !before || before[field] !== version[field]),
      author: version.member_id === null ? null : { id: version.member_id, name: members.get(version.member_id) ?? DELETED_MEMBER_NAME },
      created_at: version.created_at,
      title: version.title,
    };
  });
};

/** GET /administration/pages/{id}/versions: the history, newest first; null for no (or a deleted) page */
export const pageHistory = async (store: DocumentStore, pageId: string, roles: MemberRoles, settings: NetworkSettings): Promise<PageHistory | null> => {
  const page = await pagesCollection(store).get(pageId);
  if (!page || page.deleted) return null;
  const versions = (await summariesOf(store, await versionsOf(store, pageId))).slice(0, page.revision);
  return { page_id: pageId, revision: page.revision, versions: versions.reverse(), can: { restore: memberAbilities(roles, settings).administrate } };
};

/** GET /administration/pages/{id}/versions/{version}: that version as it was; null for none */
export const pageVersion = async (store: DocumentStore, pageId: string, version: number): Promise<PageVersionDto | null> => {
  const page = await pagesCollection(store).get(pageId);
  if (!page || page.deleted || version > page.revision) return null;
  const versions = await versionsOf(store, pageId);
  const doc = versions[version - 1];
  if (!doc) return null;
  const summary = (await summariesOf(store, versions.slice(0, version)))[version - 1];
  return summary ? { ...summary, slug: doc.slug, content: doc.content, visibility: doc.visibility, current: version === page.revision } : null;
};
