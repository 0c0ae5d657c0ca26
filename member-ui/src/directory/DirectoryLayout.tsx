import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { GroupCategoryTabs } from '../groups/DirectoryGroupsPage';
import { AVAILABLE_MODULES } from '../shell/navigation';

/** /directory: a tab bar (members; channels only when the module is available) above the list. */
export const DirectoryLayout = () => {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t('directory.title')}</h1>
      <nav className="tabs" aria-label={t('directory.tabs_label')} data-testid="directory-tabs">
        <NavLink to="/directory/members" className="tab">
          {t('directory.tabs.members')}
        </NavLink>
        {AVAILABLE_MODULES.has('channels') ? (
          <NavLink to="/directory/channels" className="tab">
            {t('directory.tabs.channels')}
          </NavLink>
        ) : null}
        <GroupCategoryTabs />
      </nav>
      <Outlet />
    </section>
  );
};
