import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';

/** The message key of a refused group command: the groups module's own wording of its key, else the general one. */
export const useGroupRefusal = () => {
  const { i18n } = useTranslation();
  return (error: unknown): string => refusalMessageKey(i18n, errorKeyOf(error), ['groups.errors']);
};
