import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { PROFILE_IMAGE_LIGHTBOX, PROFILE_IMAGE_SIZE_TYPE, PROFILE_IMAGE_SIZES, type ProfileImageVariant } from '@cn/contracts';

/** one square the resizer made */
export interface ResizedImage {
  bytes: Buffer;
  content_type: typeof PROFILE_IMAGE_SIZE_TYPE;
  width: number;
  height: number;
}

/** the bytes cannot be decoded as an image although their magic bytes said so (truncated, corrupt) */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`the image cannot be decoded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'UnreadableImageError';
  }
}

/**
 * Makes the sizes a profile image is shown at (docs/MEMBERS.md "Profile images"). A port so that the
 * handlers do not know the library; the adapter below is the only one (its spec runs real decoding).
 */
export abstract class ImageResizer {
  /** every size of PROFILE_IMAGE_SIZES and the lightbox; throws UnreadableImageError when the source cannot be decoded */
  abstract profileSizes(source: Buffer): Promise<Record<ProfileImageVariant, ResizedImage>>;
}

/** a decompression bomb (a small file of huge dimensions) is refused before it is decoded */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips): EXIF-rotated, cover-cropped to the centre, WebP, no metadata (sharp keeps none unless
 * asked), an animated GIF or WebP by its first frame. The same bytes give the same output with the same
 * libvips; the event names the stored outputs, so a replay never resizes again.
 */
@Injectable()
export class SharpImageResizer extends ImageResizer {
  async profileSizes(source: Buffer): Promise<Record<ProfileImageVariant, ResizedImage>> {
    try {
      // decode once, fully (a truncated file fails here rather than giving a half-grey square)
      const { data, info } = await sharp(source, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
        .rotate()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const decoded = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const square = async (edge: number): Promise<ResizedImage> => {
        const out = await sharp(data, { raw: decoded.raw })
          .resize(edge, edge, { fit: 'cover', position: 'centre' })
          .webp({ quality: 82, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { bytes: out.data, content_type: PROFILE_IMAGE_SIZE_TYPE, width: out.info.width, height: out.info.height };
      };
      // the lightbox: the whole picture inside 1920x1200, never enlarged (a small image stays its size, stripped)
      const fitted = await sharp(data, { raw: decoded.raw })
        .resize(PROFILE_IMAGE_LIGHTBOX.width, PROFILE_IMAGE_LIGHTBOX.height, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const lightbox: ResizedImage = { bytes: fitted.data, content_type: PROFILE_IMAGE_SIZE_TYPE, width: fitted.info.width, height: fitted.info.height };
      return { small: await square(PROFILE_IMAGE_SIZES.small), large: await square(PROFILE_IMAGE_SIZES.large), lightbox };
    } catch (error) {
      throw new UnreadableImageError(error);
    }
  }
}
