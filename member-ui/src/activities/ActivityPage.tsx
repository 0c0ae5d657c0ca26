import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { ActivityCard } from './ActivityCard';
import { activitiesApi } from './activities-api';
import { activitiesKeys, useActivityCommands, useLiveActivities } from './activities-queries';
import { streamPath } from './stream-path';

/**
 * /activities/:id: one post with its replies, where a notification leads. Opening it reads its stream up to
 * the post (the stream's badge and the 'all' count drop by what the member has now seen).
 */
export const ActivityPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { api } = useSession();
  useLiveActivities();
  usePageTitle('activity_page.title');
  const query = useQuery({ queryKey: [...activitiesKeys.all, 'one', id], queryFn: () => activitiesApi(api).activity(id), retry: false });
  const { mutate: markRead } = useActivityCommands().read;
  const activity = query.data;
  useEffect(() => {
    if (activity) markRead({ slug: activity.stream.slug, upTo: activity.position });
  }, [activity?.id, activity?.stream.slug, activity?.position, markRead]);
  return (
    <section className="page activity-stream" data-testid="activity-page">
      <h1 className="page__title">{t('activity_page.title')}</h1>
      {query.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('activity_page.unavailable')}</p> : null}
      {activity ? (
        <>
          <p>
            <Link to={streamPath(activity.stream.slug)}>{t('activity_page.to_stream')}</Link>
          </p>
          <div className="activity-list">
            <ActivityCard activity={activity} showStream />
          </div>
        </>
      ) : null}
    </section>
  );
};
