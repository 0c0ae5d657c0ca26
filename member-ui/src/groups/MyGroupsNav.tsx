import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { badgeText } from '../shell/NotificationsDropdown';
import { GroupUnreadBadge } from '../unreads/UnreadBadge';
import { useGroupInvites, useMyGroups } from './groups-queries';

/**
 * The member's groups in the left navigation, favourites first (the server's order). Every pushed group
 * change reads them again (groupsLive): a join accepted by a group admin shows here without a reload.
 */
export const MyGroupsNav = ({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const listId = useId();
  const groups = useMyGroups();
  const invites = useGroupInvites(false);
  const list = groups.data?.groups ?? [];
  const open = invites.data?.open_count ?? 0;
  return (
    <section className="nav-section" data-testid="nav-section-my-groups">
      <button type="button" className="nav-section__toggle" aria-expanded={!collapsed} aria-controls={listId} onClick={onToggle}>
        <Icon name="chevron" className={collapsed ? '' : 'icon--open'} />
        <span>{t('groups.nav.my_groups')}</span>
      </button>
      <div id={listId} hidden={collapsed}>
        {groups.isSuccess && list.length === 0 ? <p className="nav-section__empty">{t('groups.nav.no_groups')}</p> : null}
        <ul>
          {list.map((group) => (
            <li key={group.id}>
              <NavLink to={`/groups/${group.slug}`} className="nav-link" data-testid={`nav-group-${group.slug}`}>
                {group.favorited ? (
                  <span className="nav-link__star" aria-label={t('groups.favorite')}>
                    ★
                  </span>
                ) : null}
                {group.name}
                <GroupUnreadBadge slug={group.slug} />
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/invites" className="nav-link" data-testid="nav-group-invites">
              {t('groups.nav.invites')}
              {open > 0 ? (
                <span className="badge nav-link__count" data-testid="nav-count-group-invites" aria-label={t('groups.nav.open_invites', { count: open })}>
                  {badgeText(open)}
                </span>
              ) : null}
            </NavLink>
          </li>
        </ul>
      </div>
    </section>
  );
};
