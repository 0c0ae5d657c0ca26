import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { ActivityCard } from './ActivityCard';
import { useMemberActivities } from './activities-queries';

/** /members/:id/activities and /members/:id/likes: a member's posts, or what they liked, as the viewer may see them. */
export const MemberActivitiesPage = ({ list }: { list: 'activities' | 'likes' }) => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const entries = useMemberActivities(id, list);
  usePageTitle(`activities.member.${list}`);
  const activities = entries.data?.pages.flatMap((page) => page.activities) ?? [];
  return (
    <section className="page activity-stream" data-testid={`member-${list}-page`}>
      <h1 className="page__title">{t(`activities.member.${list}`)}</h1>
      <nav className="tabs" aria-label={t('activities.member.tabs')}>
        <NavLink className="tab" to={`/members/${encodeURIComponent(id)}/activities`}>
          {t('activities.member.activities')}
        </NavLink>
        <NavLink className="tab" to={`/members/${encodeURIComponent(id)}/likes`}>
          {t('activities.member.likes')}
        </NavLink>
      </nav>
      {entries.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {entries.isError ? <p role="alert">{t('activities.stream_unavailable')}</p> : null}
      {entries.isSuccess && activities.length === 0 ? <p className="muted">{t('activities.empty')}</p> : null}
      <div className="activity-list">
        {activities.map((activity) => (
          <ActivityCard key={activity.id} activity={activity} showStream />
        ))}
      </div>
      {entries.hasNextPage ? (
        <button type="button" className="button button--quiet" disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {t('activities.more')}
        </button>
      ) : null}
    </section>
  );
};
