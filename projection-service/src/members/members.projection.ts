import {
  type StoredProfileImage,
  isEncryptedEnvelope,
  GroupCategoryAdministratorAdded,
  GroupCategoryAdministratorRemoved,
  MemberErased,
  MemberOnboardingCompleted,
  MemberOnboardingRequested,
  MemberPresenceChanged,
  MemberProfileChanged,
  MemberProfileImageChanged,
  MemberProfileImageRemoved,
  MemberProfileImageResized,
  MemberRegistered,
  MemberRolesChanged,
  type MemberRoles,
  type PresenceType,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import { profileImageRefOf, withResizedImage, type ProfileImageRef } from './profile-image.response';

/** One document per member; personal fields arrive revealed (or as fallbacks once erased). */
export interface MemberDocument extends ProjectedDocument {
  first_name: string;
  last_name: string;
  email: string;
  roles: MemberRoles;
  /** null until the member sets a presence: shown as offline */
  presence: { type: PresenceType; text: string } | null;
  deleted: boolean;
  /** YYYY-MM-DD or null; absent in documents written before profiles could be edited */
  birthday?: string | null;
  show_age?: boolean;
  /** asked for profile data at registration and not given yet */
  onboarding_pending?: boolean;
  /** the profile image: its bytes' key (never answered), its type, and the position of its change (the URL's version) */
  image?: ProfileImageRef | null;
  /** the group categories they administrate: they administrate those categories' groups (groupAbilities) */
  administered_category_ids: string[];
}

const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/**
 * A personal field: a revealed string, or the sealed value kept as it is (revealOnWrite: the projector
 * reveals the document when it writes it). Typed as the string it is once written.
 */
const personal = (value: unknown): string => (isEncryptedEnvelope(value) ? (value as unknown as string) : text(value));

const emptyMember = (id: string): Omit<MemberDocument, '_position'> => ({
  _id: id,
  first_name: '',
  last_name: '',
  email: '',
  roles: NO_ROLES,
  presence: null,
  deleted: false,
  birthday: null,
  show_age: false,
  administered_category_ids: [],
});

export const membersProjection: Projection<MemberDocument> = {
  name: 'members',
  // version 2: profile images; 3: the categories they administrate
  version: 3,
  eventTypes: [
    MemberRegistered.type,
    MemberPresenceChanged.type,
    MemberRolesChanged.type,
    MemberErased.type,
    MemberProfileChanged.type,
    MemberOnboardingRequested.type,
    MemberOnboardingCompleted.type,
    MemberProfileImageChanged.type,
    MemberProfileImageRemoved.type,
    MemberProfileImageResized.type,
    GroupCategoryAdministratorAdded.type,
    GroupCategoryAdministratorRemoved.type,
  ],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  // a member's presence text changes far more often than anything else: decrypted once per batch
  revealOnWrite: true,
  // the administrators' list: active members by name
  indexes: [['deleted', 'last_name', 'first_name'], ['deleted', 'first_name', 'last_name']],
  evolve: (doc, event, id) => {
    const current = doc ?? emptyMember(id);
    if (current.deleted) return doc; // nothing brings an erased member back
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case MemberRegistered.type:
        return {
          ...current,
          first_name: personal(data.first_name),
          last_name: personal(data.last_name),
          email: personal(data.email),
          roles: data.roles as MemberRoles,
        };
      case MemberPresenceChanged.type:
        return { ...current, presence: { type: data.type as PresenceType, text: personal(data.text) } };
      case MemberRolesChanged.type:
        return { ...current, roles: data.roles as MemberRoles };
      case MemberOnboardingRequested.type:
        return { ...current, onboarding_pending: true };
      case MemberOnboardingCompleted.type:
        return { ...current, onboarding_pending: false };
      case MemberProfileChanged.type:
        return {
          ...current,
          first_name: personal(data.first_name),
          last_name: personal(data.last_name),
          birthday: personal(data.birthday) || null,
          show_age: data.show_age === true,
        };
      case MemberProfileImageChanged.type:
        return { ...current, image: profileImageRefOf(data as unknown as StoredProfileImage, event.position) };
      case MemberProfileImageRemoved.type:
        return { ...current, image: null };
      case MemberProfileImageResized.type: {
        const image = withResizedImage(current.image as ProfileImageRef | null | undefined, data as unknown as { blob_key: string; sizes: NonNullable<StoredProfileImage['sizes']> }, event.position);
        return image === current.image ? doc : { ...current, image };
      }
      case GroupCategoryAdministratorAdded.type:
      case GroupCategoryAdministratorRemoved.type: {
        // only a member the network knows administrates (the command refuses others)
        if (!doc) return doc;
        const categoryId = text(data.category_id);
        const ids = doc.administered_category_ids ?? [];
        if ((event.type === GroupCategoryAdministratorAdded.type) === ids.includes(categoryId)) return doc;
        return { ...doc, administered_category_ids: event.type === GroupCategoryAdministratorAdded.type ? [...ids, categoryId] : ids.filter((other) => other !== categoryId) };
      }
      case MemberErased.type:
        // the document stays so that references (authors, audit) resolve to the deleted-member fallback
        return { ...emptyMember(id), deleted: true };
      default:
        return doc;
    }
  },
};
