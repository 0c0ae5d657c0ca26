import { useTranslation } from 'react-i18next';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';

/** A module whose screens a later issue builds: a friendly empty state instead of a broken page. */
export const FeaturePage = ({ feature }: { feature: string }) => {
  const { t } = useTranslation();
  usePageTitle(`features.${feature}.title`);
  return (
    <section className="page" data-testid={`feature-${feature}`}>
      <h1 className="page__title">{t(`features.${feature}.title`)}</h1>
      <EmptyState title={`features.${feature}.empty_title`} text={`features.${feature}.empty_text`} />
    </section>
  );
};
