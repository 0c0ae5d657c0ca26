import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import type { FollowCan } from './follows-constants';

/**
 * Following members: a member follows another to hear of what they post and do. Kept on the follower's
 * own stream (`memberStream(follower)`), like ignoring.
 */
export const MemberFollowed = defineEvent('MemberFollowed', 1, z.object({ member_id: z.string(), followed_member_id: z.string() }));
export const MemberUnfollowed = defineEvent('MemberUnfollowed', 1, z.object({ member_id: z.string(), followed_member_id: z.string() }));

export const memberFollowEvents = [MemberFollowed, MemberUnfollowed] as const;
export type MemberFollowEvent = EventOf<(typeof memberFollowEvents)[number]>;

/** GET /api/v1/members/{id}/follow: whether the signed-in member follows the member, and may */
export interface FollowStateResponse {
  following: boolean;
  can: FollowCan;
}
export const followStateResponseSchema = z.object({ following: z.boolean(), can: z.object({ follow: z.boolean() }) }) satisfies z.ZodType<FollowStateResponse>;

/** GET /api/v1/members/{id}/following: whom a member follows (not erased), last followed first */
export interface FollowingResponse {
  members: Array<{ id: string; name: string; path: string }>;
}
export const followingResponseSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
}) satisfies z.ZodType<FollowingResponse>;

/** POST/DELETE answer */
export const followAnswerSchema = z.object({ position: z.number().int(), following: z.boolean() });
