import { unreadBadge, UNREAD_BADGE_MAX } from '@cn/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { useActivityStreams } from './activities-queries';
import { streamPath } from './stream-path';

/**
 * The left navigation's streams section: all, the network's and the member's groups', each with its
 * unread badge (99+ above the cap) and a mark on those 'all' leaves out. Pushed changes read it again, so a new post raises a badge at once.
 */
export const ActivityStreamsNav = ({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const listId = useId();
  const streams = useActivityStreams(true);
  return (
    <section className="nav-section" data-testid="nav-section-activitystreams">
      <button type="button" className="nav-section__toggle" aria-expanded={!collapsed} aria-controls={listId} onClick={onToggle}>
        <Icon name="chevron" className={collapsed ? '' : 'icon--open'} />
        <span>{t('activities.nav.streams')}</span>
      </button>
      <div id={listId} hidden={collapsed}>
        {streams.isError ? <p className="nav-section__empty">{t('activities.nav.unavailable')}</p> : null}
        <ul>
          {(streams.data?.items ?? []).map((stream) => {
            // -1 ('something new', no count) is worded in the console's language
            const badge = stream.unread_count === -1 ? t('activities.nav.new') : unreadBadge(stream.unread_count, UNREAD_BADGE_MAX);
            return (
              <li key={stream.slug}>
                <NavLink to={stream.kind === 'all' ? '/activitystreams' : streamPath(stream.slug)} end className="nav-link" data-testid={`nav-stream-${stream.slug}`}>
                  {stream.kind === 'group' ? stream.name : t(`activities.streams.${stream.kind}`)}
                  {stream.subscribed ? null : (
                    <span className="nav-link__note muted" data-testid={`nav-unsubscribed-${stream.slug}`} title={t('activities.subscription.unsubscribed')}>
                      {t('activities.subscription.hidden_mark')}
                    </span>
                  )}
                  {badge ? (
                    <span className="badge nav-link__count" data-testid={`nav-unread-${stream.slug}`} aria-label={t('activities.nav.unread', { count: stream.unread_count })}>
                      {badge}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
};
