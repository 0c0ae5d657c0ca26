import { z } from 'zod';

/**
 * A file carried by something a member writes (a direct message, a post): pinned to the version attached,
 * so its readers get exactly these bytes whatever later happens to the file. One shape for every carrier.
 */
export const fileAttachmentSchema = z.object({
  file_id: z.string(),
  /** the version attached */
  version_id: z.string(),
  /** the file's name when it was attached */
  name: z.string(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

const attachmentId = z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' });

/** a request's `attachments`: file ids (or `{ id }`), at most `max`; each is checked by the command side's attach rule */
export const attachmentIdsSchema = (max: number) =>
  z
    .array(z.union([attachmentId, z.object({ id: attachmentId }).transform((entry) => entry.id)], { message: 'invalid_type' }), { message: 'invalid_type' })
    .max(max, { message: 'too_big' })
    .default([]);

/** image types the consoles show inline (as thumbnails); every other file is a link */
export const INLINE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const isInlineImage = (contentType: string): boolean => INLINE_IMAGE_TYPES.includes(contentType);
