import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';

/**
 * Profile images of members and groups (issue 10, §5/§9: image fields accept images only). The type is
 * sniffed from the bytes on the server; these are the only types kept, each served as itself.
 */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
/** the largest profile image: 5 MiB */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** what the console's file input accepts (the server decides by the bytes) */
export const PROFILE_IMAGE_ACCEPT = PROFILE_IMAGE_TYPES.join(',');

const image = {
  /** content address in the file-storage port (never in an answer) */
  blob_key: z.string(),
  content_type: z.enum(PROFILE_IMAGE_TYPES),
  size: z.number().int().nonnegative(),
};

/** A stored profile image: what the image events carry besides whose it is. */
export interface StoredProfileImage {
  blob_key: string;
  content_type: ProfileImageType;
  size: number;
}

/** A member (or a network administrator for them) set a new profile image; the bytes are in the file storage. */
export const MemberProfileImageChanged = defineEvent('MemberProfileImageChanged', 1, z.object({ member_id: z.string(), ...image }));
export const MemberProfileImageRemoved = defineEvent('MemberProfileImageRemoved', 1, z.object({ member_id: z.string() }));
/** A group admin (or a network administrator) set the group's profile image. */
export const GroupProfileImageChanged = defineEvent('GroupProfileImageChanged', 1, z.object({ group_id: z.string(), ...image }));
export const GroupProfileImageRemoved = defineEvent('GroupProfileImageRemoved', 1, z.object({ group_id: z.string() }));

export const memberImageEvents = [MemberProfileImageChanged, MemberProfileImageRemoved] as const;
export type MemberImageEvent = EventOf<(typeof memberImageEvents)[number]>;
export const groupImageEvents = [GroupProfileImageChanged, GroupProfileImageRemoved] as const;
export type GroupImageEvent = EventOf<(typeof groupImageEvents)[number]>;

/** The answer of an image upload: the new URL (null after a removal) and the position to wait for. */
export const profileImageAnswerSchema = z.object({ image_url: z.string().nullable(), position: z.number() });
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;

/** URLs carry a version (the position of the change) so that a long cache refreshes when the image changes. */
export const memberImageUrl = (memberId: string, version: number): string => `/members/${encodeURIComponent(memberId)}/image?v=${version}`;
export const groupImageUrl = (groupId: string, version: number): string => `/api/v1/group_images/${encodeURIComponent(groupId)}?v=${version}`;
