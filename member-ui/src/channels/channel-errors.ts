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
