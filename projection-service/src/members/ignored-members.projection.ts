import { MemberErased, MemberIgnored, MemberUnignored } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * Whom a member ignores, in the order they did: one document per ignoring member. Chat and activities
 * read it (`ignoredMemberIds`) to leave the ignored members' messages and activities out.
 */
export interface IgnoredMembersDocument extends ProjectedDocument {
  ignored_ids: string[];
}

export const ignoredMembersProjection: Projection<IgnoredMembersDocument> = {
  name: 'ignored_members',
  version: 1,
  eventTypes: [MemberIgnored.type, MemberUnignored.type, MemberErased.type],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, event, id) => {
    const current = doc?.ignored_ids ?? [];
    const other = (event.data as { ignored_member_id?: string }).ignored_member_id ?? '';
    switch (event.type) {
      case MemberIgnored.type:
        return { _id: id, ignored_ids: current.includes(other) ? current : [...current, other] };
      case MemberUnignored.type:
        return { _id: id, ignored_ids: current.filter((ignored) => ignored !== other) };
      case MemberErased.type:
        // an erased member ignores nobody any more
        return null;
      default:
        return doc;
    }
  },
};
