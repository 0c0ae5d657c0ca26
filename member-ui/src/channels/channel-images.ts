import { channelImageOf, IMAGE_DATA_URL_MAX } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { channelsApi } from './channels-api';
import { readImage } from './channel-errors';

/** the picture's address at a size: an uploaded picture at `size` (small, large, lightbox), any other source as given */
export const channelImageAt = (url: string, size: 'small' | 'large' | 'lightbox'): string => (channelImageOf(url) ? `${url}?size=${size}` : url);

/**
 * Turns a picked picture into what a widget or the design names: raster pictures are uploaded to the channel
 * (stored with their sizes, the lightbox included), an SVG stays a small inline picture. A refusal comes back
 * as the message key to show.
 */
export const useChannelImageUpload = (slug: string) => {
  const { api } = useSession();
  const { i18n } = useTranslation();
  return async (file: File): Promise<{ url: string } | { error: string }> => {
    if (file.type === 'image/svg+xml') {
      const url = await readImage(file);
      return url.length <= IMAGE_DATA_URL_MAX ? { url } : { error: 'channels.errors.image_too_large' };
    }
    try {
      return { url: (await channelsApi(api).uploadImage(slug, file)).url };
    } catch (error) {
      const key = error instanceof ApiError ? (error.body.errors[0]?.key ?? errorKeyOf(error)) : errorKeyOf(error);
      return { error: refusalMessageKey(i18n, key, ['profile_image.errors', 'channels.errors']) };
    }
  };
};
