import { ALL_STREAM_SLUG, DASHBOARD_WIDGETBAR_SLUG, type ActivitiesResponse } from '@cn/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { ActivityCard } from './ActivityCard';
import { useActivityCommands, useStream } from './activities-queries';
import { activityErrorMessage } from './activity-errors';
import { Composer } from './Composer';
import { WidgetBar } from '../widgetbars';

const streamTitle = (first: ActivitiesResponse | undefined, slug: string, t: (key: string) => string): string => {
  if (first?.stream?.kind === 'group') return first.stream.name;
  return t(`activities.streams.${slug === 'network' ? 'network' : 'all'}`);
};

/** whether 'all' gathers this stream: the member's own toggle, read again once the server took it */
const SubscriptionToggle = ({ slug, subscribed }: { slug: string; subscribed: boolean }) => {
  const { t } = useTranslation();
  const { subscribe } = useActivityCommands();
  const toasts = useToasts();
  return (
    <button
      type="button"
      className="button button--small button--quiet"
      disabled={subscribe.isPending}
      data-testid="stream-subscription"
      onClick={() => subscribe.mutate({ slug, subscribed: !subscribed }, { onError: () => toasts.show('error', t('activities.subscription.failed')) })}
    >
      {t(subscribed ? 'activities.subscription.unsubscribe' : 'activities.subscription.subscribe')}
    </button>
  );
};

/**
 * /activitystreams ('all': the subscribed streams, and from the others what concerns the member) and /activitystreams/:slug (the network's or
 * a group's). Opening a stream marks it read up to its newest activity; what arrives live while it is
 * open stays unread until the member marks it read.
 */
export const ActivityStreamPage = () => {
  const { t } = useTranslation();
  const { slug = ALL_STREAM_SLUG } = useParams();
  const stream = useStream(slug);
  const commands = useActivityCommands();
  const toasts = useToasts();
  const first = stream.data?.pages[0];
  const title = streamTitle(first, slug, t);
  usePageTitle('activities.page_title', { stream: title });

  const markedFor = useRef<string | null>(null);
  const { mutate: markRead } = commands.read;
  useEffect(() => {
    if (!first || markedFor.current === slug) return;
    markedFor.current = slug;
    if (first.unread_count > 0 && first.latest_position > 0) markRead({ slug, upTo: first.latest_position });
  }, [first, slug, markRead]);

  const activities = stream.data?.pages.flatMap((page) => page.activities) ?? [];
  return (
    <div className="with-widgetbar">
    <section className="page activity-stream" data-testid="activity-stream-page" data-stream={slug}>
      <header className="activity-stream__header">
        <h1 className="page__title" data-testid="stream-title">
          {title}
        </h1>
        {first?.can.subscribe && first.stream ? <SubscriptionToggle slug={slug} subscribed={first.stream.subscribed} /> : null}
      </header>
      {first?.stream && !first.stream.subscribed ? (
        <p className="muted" data-testid="stream-unsubscribed">
          {t('activities.subscription.unsubscribed')}
        </p>
      ) : null}
      {stream.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {stream.isError ? (
        <p className="muted" role="alert">
          {t('activities.stream_unavailable')}
        </p>
      ) : null}
      {first?.can.post ? (
        <Composer
          id="composer"
          placeholder={t('activities.composer.placeholder')}
          attachable
          pending={commands.post.isPending}
          onSubmit={async (content, attachments) => {
            try {
              await commands.post.mutateAsync({ slug, content, attachments });
              return true;
            } catch (error) {
              toasts.show('error', activityErrorMessage(error));
              return false;
            }
          }}
        />
      ) : null}
      {first && first.unread_count > 0 && markedFor.current === slug ? (
        <p className="activity-stream__unread">
          <span data-testid="stream-unread">{t('activities.unread', { count: first.unread_count })}</span>{' '}
          <button type="button" className="button button--quiet" data-testid="mark-read" onClick={() => markRead({ slug, upTo: first.latest_position })}>
            {t('activities.mark_read')}
          </button>
        </p>
      ) : null}
      {stream.isSuccess && activities.length === 0 ? <p className="muted">{t('activities.empty')}</p> : null}
      <div className="activity-list" data-testid="activity-list">
        {activities.map((activity) => (
          <ActivityCard key={activity.id} activity={activity} showStream={slug === ALL_STREAM_SLUG} />
        ))}
      </div>
      {stream.hasNextPage ? (
        <button type="button" className="button button--quiet" disabled={stream.isFetchingNextPage} onClick={() => void stream.fetchNextPage()}>
          {t('activities.more')}
        </button>
      ) : null}
    </section>
    {slug === ALL_STREAM_SLUG || slug === 'network' ? <WidgetBar slug={DASHBOARD_WIDGETBAR_SLUG} /> : null}
    </div>
  );
};
