import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { storedImageShape } from '../members/profile-image';

/**
 * Images a member uploads from the rich-text editor (`POST /api/storage/assets/ckeditor/images`), the spec's
 * "assets": stored with their sizes like a channel's pictures, embedded in rich text as
 * `<img src="/api/storage/assets/{id}/preview">`, read by every signed-in member (the content they are
 * embedded in is members-only), browsed by their uploader (`GET /system/ckeditor/images`).
 */
export const editorImagesStream = (memberId: string): string => `editorimages-${memberId}`;

/** the name a picked file had (kept for the uploader's picker), at most this long */
export const EDITOR_IMAGE_NAME_MAX = 200;
/** the sizes an asset is served at (`?size=`): the squares, the lightbox; without: the upload's large size */
export const ASSET_SIZES = ['small', 'large', 'lightbox'] as const;
export type AssetSize = (typeof ASSET_SIZES)[number];

export const assetPreviewPath = (assetId: string): string => `/api/storage/assets/${assetId}/preview`;
const ASSET_PREVIEW_PATH = /^\/api\/storage\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/preview(?:\?size=(small|large|lightbox))?$/;
/** the asset an image source names: exactly our own preview path (and size), nothing else (no host, no data:, no script) */
export const assetOf = (src: string | null | undefined): { asset_id: string; size: AssetSize | null } | null => {
  const match = ASSET_PREVIEW_PATH.exec(src ?? '');
  return match ? { asset_id: match[1] ?? '', size: (match[2] as AssetSize | undefined) ?? null } : null;
};

/** A member uploaded an image from the rich-text editor; the bytes and sizes are in the file storage. */
export const EditorImageUploaded = defineEvent('EditorImageUploaded', 1, z.object({ asset_id: z.string(), member_id: z.string(), name: z.string(), ...storedImageShape }));
export const editorImageEvents = [EditorImageUploaded] as const;
export type EditorImageEvent = EventOf<(typeof editorImageEvents)[number]>;

export interface EditorImageAccepted {
  id: string;
  url: string;
  position: number;
}
export const editorImageAcceptedSchema = z.object({ id: z.string(), url: z.string(), position: z.number().int() }) satisfies z.ZodType<EditorImageAccepted>;

/** one of the member's own editor images, as the picker lists them (newest first) */
export interface EditorImageDto {
  id: string;
  url: string;
  thumbnail_url: string;
  name: string;
  uploaded_at: string;
}
export interface EditorImagePage {
  images: EditorImageDto[];
  total: number;
  page: number;
  per_page: number;
}
export const EDITOR_IMAGES_PER_PAGE = 24;
export const editorImagePageSchema = z.object({
  images: z.array(z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string(), name: z.string(), uploaded_at: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
}) satisfies z.ZodType<EditorImagePage>;
