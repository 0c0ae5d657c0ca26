import { useTranslation } from 'react-i18next';
import { ApiError, errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';

/** The field errors of a refused command by field (`channel.title` → its message key), and its general message key. */
export const useRefusal = () => {
  const { i18n } = useTranslation();
  const messageOf = (key: string): string => refusalMessageKey(i18n, key, ['channels.errors']);
  return {
    messageOf,
    fieldsOf: (error: unknown): Record<string, string> =>
      error instanceof ApiError ? Object.fromEntries(error.body.errors.map((entry) => [entry.field, messageOf(entry.key)])) : {},
    generalOf: (error: unknown): string => {
      const key = errorKeyOf(error);
      return messageOf(key === 'validation_failed' ? 'saving_failure' : key);
    },
  };
};

/** reads a picked file as a data: URL (images are stored inline, small) */
export const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** the longest side of a picked raster image once it is made smaller for storing inline */
const IMAGE_MAX_SIDE = 1280;

/**
 * A picked picture as a small data: URL: raster images larger than 1280 px on their longest side, or
 * heavier than about 150 KB, are drawn smaller and stored as JPEG; SVG and small images stay as they are.
 */
export const readImage = async (file: File): Promise<string> => {
  const original = await readAsDataUrl(file);
  if (file.type === 'image/svg+xml' || file.type === 'image/gif' || original.length < 200_000) return original;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const smaller = canvas.toDataURL('image/jpeg', 0.82);
    return smaller.length < original.length ? smaller : original;
  } catch {
    return original;
  } finally {
    URL.revokeObjectURL(url);
  }
};

