import { eventOf, memberAdministrationEvents, memberEvents } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** Members an administrator locked (one document per locked member; unlocking deletes it). */
export type MemberLockDocument = ProjectedDocument & { locked_at: string };

export const memberLocksProjection: Projection<MemberLockDocument> = {
  name: 'member_locks',
  version: 1,
  eventTypes: ['MemberLocked', 'MemberUnlocked', 'MemberErased'],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    if (eventOf(memberEvents, recorded)?.type === 'MemberErased') return null;
    const event = eventOf(memberAdministrationEvents, recorded);
    if (event?.type === 'MemberLocked') return { _id: id, locked_at: recorded.metadata.occurredAt };
    if (event?.type === 'MemberUnlocked') return null;
    return doc;
  },
};
