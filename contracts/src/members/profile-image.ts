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

/**
 * The sizes the consoles show (§9: preview 200x200, thumbnail 435x435), cover-cropped squares derived
 * when the image is set; the URL's `size` names one.
 */
export const PROFILE_IMAGE_SIZES = { small: 200, large: 435 } as const;
export type ProfileImageSize = keyof typeof PROFILE_IMAGE_SIZES;
export const PROFILE_IMAGE_SIZE_NAMES = Object.keys(PROFILE_IMAGE_SIZES) as ProfileImageSize[];
/** the type of every derived size (EXIF-rotated, metadata stripped, an animation's first frame) */
export const PROFILE_IMAGE_SIZE_TYPE = 'image/webp';
/**
 * The lightbox size (§9: 1920x1200): the whole image fitted inside, never enlarged, for a viewer that shows
 * the picture itself rather than a square. Images resized before it existed have none (their large square
 * answers `size=lightbox`).
 */
export const PROFILE_IMAGE_LIGHTBOX = { width: 1920, height: 1200 } as const;
/** what the URL's `size` may name: the squares and the lightbox */
export type ProfileImageVariant = ProfileImageSize | 'lightbox';
export const PROFILE_IMAGE_VARIANTS: readonly ProfileImageVariant[] = [...PROFILE_IMAGE_SIZE_NAMES, 'lightbox'];

const blob = {
  /** content address in the file-storage port (never in an answer) */
  blob_key: z.string(),
  size: z.number().int().nonnegative(),
};
const image = {
  ...blob,
  content_type: z.enum(PROFILE_IMAGE_TYPES),
  /**
   * the derived sizes' bytes, stored when the image was set (absent on images set before sizes existed:
   * those are served as uploaded at every size). Named here so that a replay gives the same bytes.
   */
  sizes: z
    .object({
      small: z.object({ ...blob, content_type: z.literal(PROFILE_IMAGE_SIZE_TYPE) }),
      large: z.object({ ...blob, content_type: z.literal(PROFILE_IMAGE_SIZE_TYPE) }),
      lightbox: z.object({ ...blob, content_type: z.literal(PROFILE_IMAGE_SIZE_TYPE) }).optional(),
    })
    .optional(),
};

/** one derived size of a stored profile image */
export interface StoredImageSize {
  blob_key: string;
  content_type: typeof PROFILE_IMAGE_SIZE_TYPE;
  size: number;
}

/** A stored profile image: what the image events carry besides whose it is. */
export interface StoredProfileImage {
  blob_key: string;
  content_type: ProfileImageType;
  size: number;
  sizes?: StoredImageSizes;
}

/** the derived sizes of a stored image: the two squares, and the lightbox on images resized since it exists */
export type StoredImageSizes = Record<ProfileImageSize, StoredImageSize> & { lightbox?: StoredImageSize };

/** every blob key an image event names: the upload's and its sizes' (what the sweep keeps and erasure removes) */
export const profileImageBlobKeys = (image: Partial<Pick<StoredProfileImage, 'blob_key' | 'sizes'>>): string[] => [
  ...(image.blob_key ? [image.blob_key] : []),
  ...(image.sizes ? PROFILE_IMAGE_VARIANTS.map((name) => image.sizes?.[name]?.blob_key ?? '').filter((key) => key !== '') : []),
];

/** the fields of a stored image (upload and sizes) as an event carries them: profile images and channel pictures */
export const storedImageShape = image;

/** A member (or a network administrator for them) set a new profile image; the bytes are in the file storage. */
export const MemberProfileImageChanged = defineEvent('MemberProfileImageChanged', 1, z.object({ member_id: z.string(), ...image }));
export const MemberProfileImageRemoved = defineEvent('MemberProfileImageRemoved', 1, z.object({ member_id: z.string() }));
/** A group admin (or a network administrator) set the group's profile image. */
export const GroupProfileImageChanged = defineEvent('GroupProfileImageChanged', 1, z.object({ group_id: z.string(), ...image }));
export const GroupProfileImageRemoved = defineEvent('GroupProfileImageRemoved', 1, z.object({ group_id: z.string() }));

/**
 * An image set before sizes existed was resized afterwards (the resizing reactor): the sizes of the upload
 * `blob_key` names. Counts only while that upload is the current image; from then on the upload (with
 * whatever metadata it has, GPS included) is no longer served.
 */
const resized = { blob_key: z.string(), sizes: image.sizes.unwrap() };
export const MemberProfileImageResized = defineEvent('MemberProfileImageResized', 1, z.object({ member_id: z.string(), ...resized }));
export const GroupProfileImageResized = defineEvent('GroupProfileImageResized', 1, z.object({ group_id: z.string(), ...resized }));

export const memberImageEvents = [MemberProfileImageChanged, MemberProfileImageRemoved, MemberProfileImageResized] as const;
export type MemberImageEvent = EventOf<(typeof memberImageEvents)[number]>;
export const groupImageEvents = [GroupProfileImageChanged, GroupProfileImageRemoved, GroupProfileImageResized] as const;
export type GroupImageEvent = EventOf<(typeof groupImageEvents)[number]>;

/** The answer of an image upload: the new URL (null after a removal) and the position to wait for. */
export const profileImageAnswerSchema = z.object({ image_url: z.string().nullable(), position: z.number() });
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;

/**
 * URLs carry a version (the position of the change) so that a long cache refreshes when the image changes,
 * and the size the console shows (`small` 200x200, `large` 435x435).
 */
export const memberImageUrl = (memberId: string, version: number, size: ProfileImageVariant): string =>
  `/members/${encodeURIComponent(memberId)}/image?v=${version}&size=${size}`;
export const groupImageUrl = (groupId: string, version: number, size: ProfileImageVariant): string =>
  `/api/v1/group_images/${encodeURIComponent(groupId)}?v=${version}&size=${size}`;

/** an image's URLs at both sizes (`images` of members, group hits and invites) */
export interface ProfileImageUrls {
  small: string;
  large: string;
}
export const memberImageUrls = (memberId: string, version: number): ProfileImageUrls => ({
  small: memberImageUrl(memberId, version, 'small'),
  large: memberImageUrl(memberId, version, 'large'),
});
export const groupImageUrls = (groupId: string, version: number): ProfileImageUrls => ({
  small: groupImageUrl(groupId, version, 'small'),
  large: groupImageUrl(groupId, version, 'large'),
});
export const profileImageUrlsSchema = z.object({ small: z.string(), large: z.string() });
