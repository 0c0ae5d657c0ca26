import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useApps } from './apps-queries';
import './apps.css';

/** /apps: the network's apps. */
export const AppsIndexPage = () => {
  const { t } = useTranslation();
  const apps = useApps();
  usePageTitle('apps.index.title');
  if (!apps.data) return <LoadStatus load={loadOf(apps)} onRetry={() => void apps.refetch()} testId="apps" />;
  return (
    <section className="apps-page">
      <h1>{t('apps.index.title')}</h1>
      {apps.data.apps.length === 0 ? (
        <EmptyState title={t('apps.index.empty')} />
      ) : (
        <ul className="apps-index">
          {apps.data.apps.map((app) => (
            <li key={app.id}>
              <Link to={`/apps/${app.id}`}>{app.name}</Link>
              {app.description && <p className="muted">{app.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
