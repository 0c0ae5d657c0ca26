import { MemberErased, MemberFollowed, MemberUnfollowed } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * Whom a member follows, in the order they did: one document per follower. An erased follower's document
 * goes; an erased followed member is left out when read (their member document says so), so they vanish
 * from every list at once without touching each follower's document.
 */
export interface MemberFollowsDocument extends ProjectedDocument {
  following_ids: string[];
}

export const memberFollowsProjection: Projection<MemberFollowsDocument> = {
  name: 'member_follows',
  version: 1,
  eventTypes: [MemberFollowed.type, MemberUnfollowed.type, MemberErased.type],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, event, id) => {
    const current = doc?.following_ids ?? [];
    const other = (event.data as { followed_member_id?: string }).followed_member_id ?? '';
    switch (event.type) {
      case MemberFollowed.type:
        return { _id: id, following_ids: current.includes(other) ? current : [...current, other] };
      case MemberUnfollowed.type:
        return { _id: id, following_ids: current.filter((followed) => followed !== other) };
      case MemberErased.type:
        // an erased member follows nobody any more
        return null;
      default:
        return doc;
    }
  },
};
