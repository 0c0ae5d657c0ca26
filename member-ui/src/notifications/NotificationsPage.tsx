import { useTranslation } from 'react-i18next';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { NotificationItem } from './NotificationItem';
import { useMarkNotificationsRead, useNotificationsPage } from './notifications-queries';

/**
 * /notifications: every notification the server keeps for the member (the latest 50), unread ones marked,
 * each linking to its source; 'mark all read' reads up to the newest. Live: a new one appears without a reload.
 */
export const NotificationsPage = () => {
  const { t } = useTranslation();
  usePageTitle('header.notifications');
  const query = useNotificationsPage();
  const markRead = useMarkNotificationsRead();
  const load = loadOf(query);
  return (
    <section className="page" data-testid="notifications-page">
      <div className="notifications-page__header">
        <h1 className="page__title">{t('header.notifications')}</h1>
        {load.phase === 'loaded' && load.data.unread_count > 0 ? (
          <button type="button" className="button button--quiet" data-testid="notifications-mark-all-read" onClick={() => void markRead(load.data)}>
            {t('notifications.mark_all_read')}
          </button>
        ) : null}
      </div>
      <LoadStatus load={load} onRetry={() => void query.refetch()} testId="notifications-page" />
      {load.phase === 'loaded' && load.data.notifications.length === 0 ? <p className="muted">{t('notifications.none')}</p> : null}
      {load.phase === 'loaded' && load.data.notifications.length > 0 ? (
        <ul className="notification-list notification-list--page">
          {load.data.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} fresh={!notification.read} />
          ))}
        </ul>
      ) : null}
    </section>
  );
};
