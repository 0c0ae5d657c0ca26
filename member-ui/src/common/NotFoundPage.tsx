import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from './EmptyState';
import { usePageTitle } from './usePageTitle';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  usePageTitle('not_found.title');
  return (
    <section className="page" data-testid="not-found">
      <EmptyState title="not_found.title" text="not_found.text">
        <Link className="button" to="/">
          {t('not_found.home')}
        </Link>
      </EmptyState>
    </section>
  );
};
