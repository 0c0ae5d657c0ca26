import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { NavigationItem } from '@cn/contracts';
import { Icon } from '../common/Icon';
import { useSession } from '../session/SessionContext';
import { useNetworkNavigation, usePublicNavigation, usePublicNavigationLive } from './navigation-queries';

type Link = Pick<NavigationItem, 'text' | 'link' | 'new_window'>;

/** a path of this console is a route; an address elsewhere (or a new window) is a plain link */
const ItemLink = ({ item }: { item: Link }) =>
  item.link.startsWith('/') && !item.new_window ? (
    <NavLink to={item.link} className="nav-link">
      {item.text}
    </NavLink>
  ) : (
    <a href={item.link} className="nav-link" {...(item.new_window ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {item.text}
    </a>
  );

/** the items, depth 2: a parent without a link is a heading of its children */
const NavigationItems = ({ items }: { items: readonly NavigationItem[] }) => (
  <ul>
    {items.map((item, index) => (
      <li key={`${index}-${item.text}`}>
        {item.link ? <ItemLink item={item} /> : <span className="nav-section__empty">{item.text}</span>}
        {item.navigation_items.length > 0 ? (
          <ul>
            {item.navigation_items.map((child, childIndex) => (
              <li key={`${childIndex}-${child.text}`}>
                <ItemLink item={child} />
              </li>
            ))}
          </ul>
        ) : null}
      </li>
    ))}
  </ul>
);

/**
 * The navigation the network's administrators built (items with a link or with children, depth 2), below
 * the console's own modules; nothing when they built none (the built-in modules stay as they are).
 */
export const NetworkNavigation = ({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const listId = useId();
  const navigation = useNetworkNavigation();
  const items = navigation.data?.navigation_items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="nav-section" data-testid="nav-section-network-navigation">
      <button type="button" className="nav-section__toggle" aria-expanded={!collapsed} aria-controls={listId} onClick={onToggle}>
        <Icon name="chevron" className={collapsed ? '' : 'icon--open'} />
        <span>{t('site_navigation.title')}</span>
      </button>
      <div id={listId} hidden={collapsed}>
        <NavigationItems items={items} />
      </div>
    </section>
  );
};

/**
 * The public pages (imprint, legal texts) show a signed-out visitor the navigation's public items (the
 * server leaves out everything else), kept current over the visitors' socket; a signed-in member reaches
 * the whole navigation in the console.
 */
export const PublicNavigation = () => {
  const { t } = useTranslation();
  const { state } = useSession();
  const signedOut = state.phase === 'ready' && state.member === null;
  const navigation = usePublicNavigation(signedOut);
  usePublicNavigationLive(signedOut);
  const items = navigation.data?.navigation_items ?? [];
  if (!signedOut || items.length === 0) return null;
  return (
    <nav className="public-navigation" aria-label={t('site_navigation.title')} data-testid="public-navigation">
      <NavigationItems items={items} />
    </nav>
  );
};
