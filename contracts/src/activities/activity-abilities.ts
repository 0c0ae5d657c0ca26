import { canSeeGroupAs, type GroupFacts, type GroupViewer } from '../groups/group-abilities';

/**
 * Who may do what in activity streams. The command service refuses with these rules and the query
 * service answers them as `can` flags, both on facts each side folds from its own model.
 */
export interface ActivityViewer {
  member_id: string;
  network_admin: boolean;
  external: boolean;
}

/** a stream as a rule sees it: the network's, or a group's with the group's facts and the viewer's membership */
export type StreamFacts = { kind: 'network' } | { kind: 'group'; group: Pick<GroupFacts, 'access' | 'externally_visible' | 'archived'>; viewer: GroupViewer };

export interface StreamCan {
  see: boolean;
  post: boolean;
  /** delete others' posts and replies: network admins, and a group's admins in its stream */
  moderate: boolean;
}

/**
 * A group's stream exists only for those who may see the group; a hidden group's only for its members
 * (and network admins), not for those merely invited. The network stream is everybody's; external members
 * read it through 'all' but do not post in it (§6: they see only the 'all' stream). Archived groups are read-only.
 */
export const streamAbilities = (stream: StreamFacts, viewer: ActivityViewer): StreamCan => {
  if (stream.kind === 'network') return { see: true, post: !viewer.external, moderate: viewer.network_admin };
  const member = stream.viewer.status === 'member';
  const see = viewer.network_admin || member || (stream.group.access !== 'hidden' && canSeeGroupAs(stream.group, stream.viewer));
  return { see, post: see && member && !stream.group.archived, moderate: viewer.network_admin || (member && stream.viewer.group_admin) };
};

export interface ActivityCan {
  update: boolean;
  destroy: boolean;
  reply: boolean;
  like: boolean;
}

/** a post (or a reply): its author edits it; its author and the stream's moderators delete it; whoever may post in the stream replies; whoever sees it likes it */
export const activityAbilities = (authorId: string | null, stream: StreamCan, viewer: ActivityViewer): ActivityCan => {
  const own = authorId !== null && authorId === viewer.member_id;
  return { update: own && stream.see, destroy: stream.see && (own || stream.moderate), reply: stream.post, like: stream.see };
};

/** the badge text of an unread count: nothing at 0, 99+ above the cap, 'new' for -1 */
export const unreadBadge = (count: number, cap = 99): string | null => {
  if (count === -1) return 'new';
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
};
