/** Following members, the zod-free part (the console's live routes and flags use it). */

/** the realtime collection a member's own follow list is pushed as (id: the follower) */
export const MEMBER_FOLLOWS_COLLECTION = 'member_follows';

export interface FollowViewer {
  id: string;
}

export interface FollowSubject {
  id: string;
  /** erased (or unknown): nobody follows them */
  deleted: boolean;
}

/** What the viewer may do about following the subject: the member page's flag and the command's rule. */
export interface FollowCan {
  follow: boolean;
}

/** One rule: any member follows any other member who is not erased; nobody follows themself. */
export const memberFollowAbilities = (viewer: FollowViewer, subject: FollowSubject): FollowCan => ({
  follow: viewer.id !== subject.id && !subject.deleted,
});
