import { eventOf, membershipSettingsEvents, type MembershipSettings } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A member's membership settings (absent: the defaults). */
export interface MembershipSettingsDocument extends ProjectedDocument {
  settings: MembershipSettings;
}

export const membershipSettingsProjection: Projection<MembershipSettingsDocument> = {
  name: 'membership_settings',
  version: 1,
  eventTypes: membershipSettingsEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(membershipSettingsEvents, recorded);
    return event?.type === 'MembershipSettingsChanged' ? { _id: id, settings: event.data.settings } : doc;
  },
};
