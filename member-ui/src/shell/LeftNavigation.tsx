import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Icon, type IconName } from '../common/Icon';
import { MyGroupsNav } from '../groups/MyGroupsNav';
import { ActivityStreamsNav } from '../activities/ActivityStreamsNav';
import { useChannelNavSections } from '../channels/channel-nav';
import { useOpenInvitesBadge } from '../invites/invites-queries';
import { useSignedIn } from '../session/SessionContext';
import { badgeText } from './NotificationsDropdown';
import { NAV_MODULES, moduleForPath, type ModuleId, type NavItem, type NavSection } from './navigation';
import { useCollapsedSections } from './useCollapsedSections';
import { UnreadMessagesCount } from '../messages/MessagesBadge';
import { useModuleUnreads } from '../unreads/unreads-queries';
import { NetworkNavigation } from '../navigation/NetworkNavigation';
import { AdministrationNavigation } from '../navigation/AdministrationNavigation';

const MODULE_ICONS: Record<ModuleId, IconName> = {
  activitystreams: 'activity',
  messages: 'mail',
  appointments: 'calendar',
  tasks: 'tasks',
  apps: 'tasks',
  pages: 'info',
  files: 'files',
  channels: 'channels',
  members: 'members',
  search: 'search',
  info: 'info',
};

/** a navigation item's live count (hidden at 0) */
const NavCount = ({ count }: { count: NonNullable<NavItem['count']> }) => {
  const { t } = useTranslation();
  const open = useOpenInvitesBadge();
  if (count !== 'open_invites' || open === 0) return null;
  return (
    <span className="badge nav-link__count" data-testid="nav-count-open_invites" aria-label={t('nav.counts.open_invites', { count: open })}>
      {badgeText(open)}
    </span>
  );
};

const Section = ({ section, collapsed, onToggle }: { section: NavSection; collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <section className="nav-section" data-testid={`nav-section-${section.id}`}>
      <button type="button" className="nav-section__toggle" aria-expanded={!collapsed} aria-controls={listId} onClick={onToggle}>
        <Icon name="chevron" className={collapsed ? '' : 'icon--open'} />
        <span>{t(section.title)}</span>
      </button>
      <div id={listId} hidden={collapsed}>
        {section.items.length === 0 && section.empty ? <p className="nav-section__empty">{t(section.empty)}</p> : null}
        <ul>
          {section.items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="nav-link">
                {item.text ?? t(item.label)}
                {item.count === 'unread_messages' ? <UnreadMessagesCount /> : item.count ? <NavCount count={item.count} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};

/** Left navigation by route: a module switcher and the module's sections. */
export const LeftNavigation = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const { network } = useSignedIn();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { collapsed, toggle } = useCollapsedSections();
  const current = moduleForPath(pathname);
  const switcherId = useId();
  const channelSections = useChannelNavSections(current?.id === 'channels');
  const unreadIn = useModuleUnreads();

  return (
    <nav className="left-nav" aria-label={t('nav.label')} data-testid="left-navigation">
      <label className="visually-hidden" htmlFor={switcherId}>
        {t('nav.switch_module')}
      </label>
      <div className="module-switcher">
        {current ? <Icon name={MODULE_ICONS[current.id]} /> : null}
        <select
          id={switcherId}
          data-testid="module-switcher"
          value={current?.id ?? ''}
          onChange={(event) => {
            const target = NAV_MODULES.find((module) => module.id === event.target.value);
            if (target) {
              void navigate(target.start);
              onNavigate?.();
            }
          }}
        >
          {current ? null : <option value="">{t('nav.choose_module')}</option>}
          {NAV_MODULES.map((module) => (
            <option key={module.id} value={module.id}>
              {t(module.title)}
              {unreadIn(module.id) !== 0 ? ` (${unreadIn(module.id) === -1 ? t('unreads.new') : badgeText(unreadIn(module.id))})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="left-nav__sections" onClick={(event) => (event.target instanceof HTMLAnchorElement ? onNavigate?.() : undefined)}>
        {(current?.id === 'channels' ? channelSections : (current ?? NAV_MODULES[0]).sections({ network, signedIn: true })).map((section) => (
          <Section key={section.id} section={section} collapsed={collapsed.has(section.id)} onToggle={() => toggle(section.id)} />
        ))}
        {(current ?? NAV_MODULES[0]).id === 'activitystreams' ? <ActivityStreamsNav collapsed={collapsed.has('activitystreams')} onToggle={() => toggle('activitystreams')} /> : null}
        <MyGroupsNav collapsed={collapsed.has('my-groups')} onToggle={() => toggle('my-groups')} />
        <NetworkNavigation collapsed={collapsed.has('network-navigation')} onToggle={() => toggle('network-navigation')} />
        <AdministrationNavigation collapsed={collapsed.has('administration')} onToggle={() => toggle('administration')} />
      </div>
    </nav>
  );
};
