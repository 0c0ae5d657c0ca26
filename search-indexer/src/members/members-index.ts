import {
  GroupDeleted,
  MemberJoinedGroup,
  MemberLeftGroup,
  MemberErased,
  MemberPresenceChanged,
  MemberProfileChanged,
  MemberProfileImageChanged,
  MemberProfileImageRemoved,
  MemberRegistered,
  MemberRolesChanged,
  type MemberRoles,
  type PresenceType,
} from '@cn/contracts';
import type { PersonalDataCipher, SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** A member in the directory's search index; erased members are removed. */
export interface MemberSearchDocument extends SearchDocument {
  id: string;
  display_name: string;
  first_name: string;
  last_name: string;
  is_external: boolean;
  is_network_admin: boolean;
  is_auditor: boolean;
  /** null until the member sets a presence */
  presence_type: PresenceType | null;
  status_text: string;
  /** the status text as others may find it: empty while the member is invisible */
  status: string;
  /** the position of the profile image's change (the version of its URL); absent or null without an image */
  image_version?: number | null;
  /**
   * the groups the member belongs to: a group's search finds its members with `group_ids = <group>`, not
   * with a filter listing every member of the group (absent before v6 of the sources)
   */
  group_ids?: string[];
}

/**
 * The groups of each member, kept apart from the members' documents (never searched): on a partitioned bus
 * a member's joining may be indexed before their registration, which then takes the groups from here.
 */
export interface MemberGroupsSearchDocument extends SearchDocument {
  id: string;
  group_ids: string[];
}
export const MEMBER_GROUPS_INDEX_DEFINITION = searchIndexDefinition<MemberGroupsSearchDocument>('_member_groups', {
  searchableAttributes: ['id'],
  filterableAttributes: ['id', 'group_ids'],
});

export const MEMBERS_INDEX = 'members';
export const MEMBERS_INDEX_DEFINITION = searchIndexDefinition<MemberSearchDocument>(MEMBERS_INDEX, {
  searchableAttributes: ['last_name', 'first_name', 'display_name', 'status'],
  filterableAttributes: ['id', 'is_external', 'is_network_admin', 'group_ids'],
  sortableAttributes: ['first_name', 'last_name', 'id'],
});

export type MembersIndex = SearchCollection<MemberSearchDocument>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Keeps the members index; personal data is revealed here, fallbacks once the member's key is gone. */
export const membersIndexing = (index: MembersIndex, cipher: PersonalDataCipher, memberGroups: SearchCollection<MemberGroupsSearchDocument>): Indexing => {
  const update = async (id: string, change: Partial<MemberSearchDocument>): Promise<void> => {
    const current = await findById(index, id);
    if (current) await index.upsert([{ ...current, ...change }]);
  };
  const groupsChange = async (memberId: string, change: (groupIds: string[]) => string[]): Promise<void> => {
    const group_ids = change((await findById(memberGroups, memberId))?.group_ids ?? []);
    await memberGroups.upsert([{ id: memberId, group_ids }]);
    await update(memberId, { group_ids });
  };
  return {
    eventTypes: [
      MemberRegistered.type,
      MemberPresenceChanged.type,
      MemberRolesChanged.type,
      MemberErased.type,
      MemberProfileChanged.type,
      MemberProfileImageChanged.type,
      MemberProfileImageRemoved.type,
      MemberJoinedGroup.type,
      MemberLeftGroup.type,
      GroupDeleted.type,
    ],
    handle: async (event) => {
      if (event.type === MemberJoinedGroup.type || event.type === MemberLeftGroup.type) {
        const { group_id: groupId, member_id: memberId } = event.data as { group_id: string; member_id: string };
        await groupsChange(memberId, (groupIds) => (event.type === MemberLeftGroup.type ? groupIds.filter((id) => id !== groupId) : groupIds.includes(groupId) ? groupIds : [...groupIds, groupId]));
        return;
      }
      if (event.type === GroupDeleted.type) {
        const groupId = (event.data as { group_id: string }).group_id;
        for (const { id } of await allMatching(memberGroups, { group_ids: groupId })) await groupsChange(id, (groupIds) => groupIds.filter((other) => other !== groupId));
        return;
      }
      const data = await cipher.reveal(event.data as Record<string, unknown>);
      const id = text(data.member_id);
      switch (event.type) {
        case MemberRegistered.type: {
          const roles = data.roles as MemberRoles;
          const first = text(data.first_name);
          const last = text(data.last_name);
          await index.upsert([
            {
              id,
              display_name: `${first} ${last}`.trim(),
              first_name: first,
              last_name: last,
              is_external: roles.external,
              is_network_admin: roles.network_admin,
              is_auditor: roles.auditor,
              presence_type: null,
              status_text: '',
              status: '',
              group_ids: (await findById(memberGroups, id))?.group_ids ?? [],
            },
          ]);
          return;
        }
        case MemberProfileChanged.type: {
          const first = text(data.first_name);
          const last = text(data.last_name);
          await update(id, { display_name: `${first} ${last}`.trim(), first_name: first, last_name: last });
          return;
        }
        case MemberPresenceChanged.type:
          await update(id, {
            presence_type: data.type as PresenceType,
            status_text: text(data.text),
            status: data.type === 'invisible' ? '' : text(data.text),
          });
          return;
        case MemberRolesChanged.type: {
          const roles = data.roles as MemberRoles;
          await update(id, { is_external: roles.external, is_network_admin: roles.network_admin, is_auditor: roles.auditor });
          return;
        }
        case MemberProfileImageChanged.type:
          await update(id, { image_version: event.position });
          return;
        case MemberProfileImageRemoved.type:
          await update(id, { image_version: null });
          return;
        case MemberErased.type:
          await index.delete([id]);
          await memberGroups.delete([id]);
          return;
      }
    },
  };
};
