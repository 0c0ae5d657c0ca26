import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { useAdministrationNavigation } from './navigation-queries';

/**
 * The administration navigation, as the server answers it: the administration screens this member may open
 * and the groups and group categories they administer. Nothing for a member who administers nothing; while loading a note, on a
 * failure a generic error with a try-again link.
 */
export const AdministrationNavigation = ({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const listId = useId();
  const navigation = useAdministrationNavigation();
  const items = navigation.data?.items ?? [];
  const groups = navigation.data?.groups ?? [];
  const categories = navigation.data?.group_categories ?? [];
  if (navigation.isSuccess && items.length === 0 && groups.length === 0 && categories.length === 0) return null;
  return (
    <section className="nav-section" data-testid="nav-section-administration">
      <button type="button" className="nav-section__toggle" aria-expanded={!collapsed} aria-controls={listId} onClick={onToggle}>
        <Icon name="chevron" className={collapsed ? '' : 'icon--open'} />
        <span>{t('administration_navigation.title')}</span>
      </button>
      <div id={listId} hidden={collapsed}>
        {navigation.isPending ? (
          <p className="nav-section__empty" role="status" data-testid="administration-navigation-loading">
            {t('common.loading')}
          </p>
        ) : null}
        {navigation.isError ? (
          <p className="nav-section__empty" role="alert" data-testid="administration-navigation-error">
            {t('administration_navigation.load_failed')}{' '}
            <a
              href="#"
              onClick={(event) => {
                event.preventDefault();
                void navigation.refetch();
              }}
            >
              {t('common.retry')}
            </a>
          </p>
        ) : null}
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              {/* the administration console is another application: a plain link */}
              <a href={item.link} className="nav-link" data-testid={`nav-administration-${item.id}`}>
                {t(`administration_navigation.items.${item.id}`)}
              </a>
            </li>
          ))}
          {groups.map((group) => (
            <li key={group.slug}>
              <NavLink to={group.link} className="nav-link" data-testid={`nav-administration-group-${group.slug}`}>
                {t('administration_navigation.group', { name: group.name })}
              </NavLink>
            </li>
          ))}
          {categories.map((category) => (
            <li key={category.slug}>
              <NavLink to={category.link} className="nav-link" data-testid={`nav-administration-category-${category.slug}`}>
                {t('administration_navigation.group', { name: category.name })}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};
