import {
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
import type { PersonalDataCipher, SearchCollection, SearchDocument, SubjectKeys } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';

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
}

export const MEMBERS_INDEX = 'members';
export const MEMBERS_INDEX_DEFINITION = searchIndexDefinition<MemberSearchDocument>(MEMBERS_INDEX, {
  searchableAttributes: ['last_name', 'first_name', 'display_name', 'status'],
  filterableAttributes: ['id', 'is_external', 'is_network_admin'],
  sortableAttributes: ['first_name', 'last_name', 'id'],
});

export type MembersIndex = SearchCollection<MemberSearchDocument>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Keeps the members index; personal data is revealed here, fallbacks once the member's key is gone. */
export const membersIndexing = (index: MembersIndex, cipher: PersonalDataCipher): Indexing => {
  // one indexing per batch: each member's key is looked up once for the batch's reveals (a catch-up reveals
  // the same members' presence texts thousands of times), and again by the next batch (an erasure since)
  const keys: SubjectKeys = new Map();
  const update = async (id: string, change: Partial<MemberSearchDocument>): Promise<void> => {
    const current = await findById(index, id);
    if (current) await index.upsert([{ ...current, ...change }]);
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
    ],
    // a presence change sets every presence field of the document, and no other event reads them
    supersededKey: (event) => {
      const memberId = (event.data as { member_id?: unknown }).member_id;
      return event.type === MemberPresenceChanged.type && typeof memberId === 'string' ? `presence:${memberId}` : null;
    },
    handle: async (event) => {
      const data = await cipher.reveal(event.data as Record<string, unknown>, keys);
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
          return;
      }
    },
  };
};
