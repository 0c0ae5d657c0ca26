import { ageOn, DELETED_MEMBER_NAME, memberImageUrls, memberProfileAbilities, statusSeenBy, type ChangeRequestSettings, type MemberDto, type MemberViewer, type NetworkSettings } from '@cn/contracts';
import type { MemberDocument } from './members.projection';

export interface MemberView {
  /** who is looking: a member always sees their own presence, even invisible */
  viewerId: string | null;
  showOnlineStatus: NetworkSettings['member']['show_online_status'];
  /** the email is shown to the member themself and to network administrators */
  includeEmail?: boolean;
  /** whether the member shown has an open console (presence follows the connection) */
  connected: boolean;
  /** the viewer's roles: with them the DTO carries `can` (memberProfileAbilities, the rule the commands refuse by) */
  viewer?: MemberViewer;
  /** today (YYYY-MM-DD): with it the DTO carries the age of a member who shows it */
  today?: string;
  /** the network's change requests (can.request_changes) */
  changeRequests?: ChangeRequestSettings;
}

export const displayNameOf = (doc: Pick<MemberDocument, 'first_name' | 'last_name' | 'deleted'>): string =>
  doc.deleted ? DELETED_MEMBER_NAME : `${doc.first_name} ${doc.last_name}`.trim() || DELETED_MEMBER_NAME;

const statusFor = (doc: MemberDocument, view: MemberView): MemberDto['status'] | undefined =>
  doc.deleted
    ? undefined
    : statusSeenBy(doc.presence && { type: doc.presence.type, text: doc.presence.text }, {
        subjectId: doc._id,
        viewerId: view.viewerId,
        showOnlineStatus: view.showOnlineStatus,
        connected: view.connected,
      });

/** the image URLs of a member (200x200 and 435x435); none once erased */
export const memberImagesOf = (doc: Pick<MemberDocument, '_id' | 'image' | 'deleted'>): MemberDto['images'] =>
  !doc.image || doc.deleted ? { small: null, large: null } : memberImageUrls(doc._id, doc.image.version);

export const toMemberDto = (doc: MemberDocument, view: MemberView): MemberDto => {
  const name = displayNameOf(doc);
  const dto: MemberDto = {
    id: doc._id,
    displayName: name,
    name,
    first_name: doc.deleted ? '' : doc.first_name,
    last_name: doc.deleted ? '' : doc.last_name,
    images: memberImagesOf(doc),
    is_external: doc.roles.external,
    is_network_admin: doc.roles.network_admin,
    is_auditor: doc.roles.auditor,
    deleted: doc.deleted,
    path: `/members/${doc._id}`,
  };
  const ownOrAdmin = (view.includeEmail || view.viewerId === doc._id) && !doc.deleted;
  if (ownOrAdmin) {
    dto.email = doc.email;
    dto.birthday = doc.birthday ?? null;
    dto.show_age = doc.show_age ?? false;
  }
  const age = doc.show_age && !doc.deleted && view.today ? ageOn(doc.birthday, view.today) : null;
  if (age !== null) dto.age = age;
  if (view.viewerId === doc._id && doc.onboarding_pending && !doc.deleted) dto.onboarding_pending = true;
  if (view.viewer) dto.can = memberProfileAbilities(view.viewer, { id: doc._id, deleted: doc.deleted, external: doc.roles.external }, view.changeRequests);
  const status = statusFor(doc, view);
  if (status) dto.status = status;
  return dto;
};
