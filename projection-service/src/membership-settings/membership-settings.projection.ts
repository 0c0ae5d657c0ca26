import { DEFAULT_MEMBERSHIP_SETTINGS, eventOf, membershipSettingsEvents, type MembershipSettings } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A member's membership settings (absent: the defaults, not bounce-listed). */
export interface MembershipSettingsDocument extends ProjectedDocument {
  settings: MembershipSettings;
  /** the address is bounce-listed (MemberEmailBounced, not reactivated since): no member mails go to it */
  bounced?: boolean;
}

export const membershipSettingsProjection: Projection<MembershipSettingsDocument> = {
  name: 'membership_settings',
  version: 2,
  eventTypes: membershipSettingsEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(membershipSettingsEvents, recorded);
    switch (event?.type) {
      case 'MembershipSettingsChanged':
        return { ...doc, _id: id, settings: event.data.settings };
      case 'MemberEmailBounced':
        // the reason stays in the event (the audit log); the read model keeps only the flag
        return { _id: id, settings: doc?.settings ?? DEFAULT_MEMBERSHIP_SETTINGS, bounced: true };
      case 'MemberEmailReactivated':
        return doc ? { ...doc, bounced: false } : doc;
      default:
        return doc;
    }
  },
};
