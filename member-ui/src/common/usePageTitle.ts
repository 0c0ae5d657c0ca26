import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const usePageTitle = (key: string, values?: Record<string, string>) => {
  const { t, i18n } = useTranslation();
  const title = t(key, values);
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t, i18n.language]);
};
