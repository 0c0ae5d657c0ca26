import { eventOf, groupEvents, groupModuleEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * What group commands look up before they know the group's stream: the group of a slug (routes name
 * groups by slug), of an invite (batch invites name invites only), and which slugs are taken.
 */
export interface LookupGroup extends ProjectedDocument {
  slug: string;
  invite_ids: string[];
}

const definitions = [...groupEvents, ...groupModuleEvents] as const;

export const lookupGroupsProjection: Projection<LookupGroup> = {
  name: 'command_lookup_groups',
  version: 1,
  eventTypes: ['GroupCreated', 'GroupDeleted', 'MemberInvitedToGroup'],
  documentIds: (event) => [(event.data as { group_id: string }).group_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(definitions, recorded);
    switch (event?.type) {
      case 'GroupCreated':
        return { _id: id, slug: event.data.slug, invite_ids: doc?.invite_ids ?? [] };
      case 'GroupDeleted':
        // a deleted group's slug is free again
        return null;
      case 'MemberInvitedToGroup':
        return doc && !doc.invite_ids.includes(event.data.invite_id) ? { ...doc, invite_ids: [...doc.invite_ids, event.data.invite_id] } : doc;
      default:
        return doc;
    }
  },
};
