import { eventOf, groupCategoryEvents, groupEvents, groupImageEvents, groupImageUrls, groupModuleEvents, type GroupAccess, type GroupSearchHit } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';

/** A group as the search finds it. */
interface GroupSearchFields {
  id: string;
  slug: string;
  name: string;
  teaser: string;
  description: string;
  access: GroupAccess;
  archived: boolean;
  externally_visible: boolean;
  group_category_id: string | null;
  /** the category's name and slug, so that a group is found by its category's name (absent before v4 of the sources) */
  category_name?: string;
  category_slug?: string;
  member_ids: string[];
  /** open invites as `inviteId:memberId` (an invited member finds a hidden group) */
  open_invites: string[];
  /** the position of the profile image's change (the version of its URLs); absent or null without an image */
  image_version?: number | null;
}

/** … with who may find it (`audience`). */
export interface GroupSearchDocument extends GroupSearchFields, SearchDocument {
  /**
   * Who finds the group: 'internal' and, when externally visible, 'external' for an open or closed group,
   * plus its members and invited members; a hidden group only the latter (network admins find every group).
   */
  audience: string[];
}

export const GROUPS_INDEX_DEFINITION = searchIndexDefinition<GroupSearchDocument>('groups', {
  searchableAttributes: ['name', 'teaser', 'description', 'category_name'],
  filterableAttributes: ['id', 'audience', 'group_category_id', 'archived'],
  sortableAttributes: ['name', 'id'],
});

export type GroupsIndex = SearchCollection<GroupSearchDocument>;

/** The network's group categories (`GroupCategoryCreated`), never searched: what a group's category is called. */
export interface GroupCategorySearchDocument extends SearchDocument {
  id: string;
  slug: string;
  name: string;
}
export const GROUP_CATEGORIES_INDEX_DEFINITION = searchIndexDefinition<GroupCategorySearchDocument>('_group_categories', {
  searchableAttributes: ['name'],
  filterableAttributes: ['id'],
  sortableAttributes: ['id'],
});

const audienceOf = (doc: GroupSearchFields): string[] => [
  ...(doc.access === 'hidden' ? [] : ['internal', ...(doc.externally_visible ? ['external'] : [])]),
  ...doc.member_ids,
  ...doc.open_invites.map((entry) => entry.slice(entry.indexOf(':') + 1)),
];

const withAudience = (doc: GroupSearchFields): GroupSearchDocument => ({ ...doc, audience: [...new Set(audienceOf(doc))] });

/** the filter a viewer searches with: their audience tokens (none for network admins, who find every group) */
export const audienceFilter = (viewer: { id: string; roles: { network_admin: boolean; external: boolean } }): Record<string, string[]> =>
  viewer.roles.network_admin ? {} : { audience: [viewer.roles.external ? 'external' : 'internal', viewer.id] };

const definitions = [...groupEvents, ...groupModuleEvents, ...groupImageEvents, ...groupCategoryEvents] as const;

export const groupsIndexing = (groups: GroupsIndex, categories: SearchCollection<GroupCategorySearchDocument>): Indexing => {
  const change = async (id: string, update: (doc: GroupSearchDocument) => GroupSearchFields): Promise<void> => {
    const doc = await findById(groups, id);
    if (doc) await groups.upsert([withAudience(update(doc))]);
  };
  const categoryOf = async (categoryId: string | null): Promise<Pick<GroupSearchFields, 'category_name' | 'category_slug'>> => {
    const category = categoryId === null ? null : await findById(categories, categoryId);
    return category ? { category_name: category.name, category_slug: category.slug } : { category_name: '', category_slug: '' };
  };
  return {
    eventTypes: definitions.map((definition) => definition.type),
    handle: async (recorded) => {
      const event = eventOf(definitions, recorded);
      if (event === null) return;
      if (event.type === 'GroupCategoryCreated') {
        await categories.upsert([{ id: event.data.category_id, slug: event.data.slug, name: event.data.name }]);
        return;
      }
      // order and administrators change nothing a group's hit shows
      if (event.type === 'GroupCategoriesOrdered' || event.type === 'GroupCategoryAdministratorAdded' || event.type === 'GroupCategoryAdministratorRemoved') return;
      const id = event.data.group_id;
      switch (event.type) {
        case 'GroupCreated':
          await groups.upsert([
            withAudience({
              id,
              slug: event.data.slug,
              name: event.data.name,
              teaser: '',
              description: '',
              access: event.data.access,
              archived: false,
              externally_visible: false,
              group_category_id: event.data.group_category_id,
              ...(await categoryOf(event.data.group_category_id)),
              member_ids: (await findById(groups, id))?.member_ids ?? [],
              open_invites: [],
            }),
          ]);
          return;
        case 'GroupDetailsChanged': {
          const { name, teaser, description, access, externally_visible, group_category_id } = event.data.details;
          const category = await categoryOf(group_category_id);
          await change(id, (doc) => ({ ...doc, name, teaser, description, access, externally_visible, group_category_id, ...category }));
          return;
        }
        case 'GroupArchived':
        case 'GroupUnarchived':
          await change(id, (doc) => ({ ...doc, archived: event.type === 'GroupArchived' }));
          return;
        case 'GroupDeleted':
          await groups.delete([id]);
          return;
        case 'GroupProfileImageChanged':
          await change(id, (doc) => ({ ...doc, image_version: recorded.position }));
          return;
        case 'GroupProfileImageRemoved':
          await change(id, (doc) => ({ ...doc, image_version: null }));
          return;
        case 'MemberJoinedGroup': {
          const memberId = event.data.member_id;
          await change(id, (doc) => ({
            ...doc,
            member_ids: doc.member_ids.includes(memberId) ? doc.member_ids : [...doc.member_ids, memberId],
            open_invites: doc.open_invites.filter((entry) => !entry.endsWith(`:${memberId}`)),
          }));
          return;
        }
        case 'MemberLeftGroup':
          await change(id, (doc) => ({ ...doc, member_ids: doc.member_ids.filter((memberId) => memberId !== event.data.member_id) }));
          return;
        case 'MemberInvitedToGroup':
        case 'GroupInviteRenewed': {
          const entry = `${event.data.invite_id}:${event.data.member_id}`;
          await change(id, (doc) => ({ ...doc, open_invites: doc.open_invites.includes(entry) ? doc.open_invites : [...doc.open_invites, entry] }));
          return;
        }
        case 'GroupInviteAccepted':
        case 'GroupInviteDeclined':
        case 'GroupInviteRevoked': {
          const entry = `${event.data.invite_id}:${event.data.member_id}`;
          await change(id, (doc) => ({ ...doc, open_invites: doc.open_invites.filter((other) => other !== entry) }));
          return;
        }
        default:
          return;
      }
    },
  };
};

export const toGroupHit = (doc: GroupSearchDocument): GroupSearchHit => ({
  id: doc.id,
  slug: doc.slug,
  name: doc.name,
  images: typeof doc.image_version === 'number' ? groupImageUrls(doc.id, doc.image_version) : null,
  archived: doc.archived,
  access: doc.access,
  member_count: doc.member_ids.length,
  activity_count: 0,
  teaser: doc.teaser.slice(0, 600),
  group_category_id: doc.group_category_id,
  html_url: `/groups/${doc.slug}`,
});

/** a group hit's category: its directory tab, filtered by what was searched (§2 hit links) */
export const groupCategoryOfHit = (doc: GroupSearchDocument, q: string): { slug: string; name: string; html_url: string } | null =>
  doc.category_slug ? { slug: doc.category_slug, name: doc.category_name ?? '', html_url: `/directory/${doc.category_slug}?q=${encodeURIComponent(q)}` } : null;
