import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadOf } from '../api/load';
import { Icon } from '../common/Icon';
import { LoadStatus } from '../common/LoadStatus';
import { useDismiss } from '../common/useDismiss';
import { NotificationItem } from '../notifications/NotificationItem';
import { useMarkNotificationsRead, useNotifications } from '../notifications/notifications-queries';

/** the badge: the count, "99+" beyond */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/**
 * The bell: the unread count as a badge; opening lists the member's notifications and marks them read
 * (the badge drops at once); those that were new when it opened stay marked until it closes. Live through
 * the realtime channel (notificationsLive).
 */
export const NotificationsDropdown = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const count = query.data?.unread_count ?? 0;

  const close = useCallback(() => {
    setOpen(false);
    setFresh(new Set());
  }, []);
  useDismiss(ref, open, close);

  const toggle = () => {
    if (open) {
      close();
      return;
    }
    setOpen(true);
    const current = query.data;
    if (current) {
      setFresh(new Set(current.notifications.filter((notification) => !notification.read).map((notification) => notification.id)));
      void markRead(current);
    }
  };
  const load = loadOf(query);

  return (
    <div
      className="dropdown"
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-button icon-button--badged"
        aria-label={t('notifications.bell_label', { count })}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid="notifications-button"
        onClick={toggle}
      >
        <Icon name="bell" />
        {count > 0 ? (
          <span className="badge" data-testid="notifications-count" aria-hidden="true">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="dropdown__panel dropdown__panel--wide" data-testid="notifications-panel">
          <h2 className="dropdown__title">{t('header.notifications')}</h2>
          <LoadStatus load={load} onRetry={() => void query.refetch()} testId="notifications" />
          {load.phase === 'loaded' && load.data.notifications.length === 0 ? <p className="dropdown__empty">{t('notifications.empty')}</p> : null}
          {load.phase === 'loaded' && load.data.notifications.length > 0 ? (
            <ul className="notification-list">
              {load.data.notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} fresh={fresh.has(notification.id)} onOpen={close} />
              ))}
            </ul>
          ) : null}
          <p className="dropdown__footer">
            <Link to="/notifications" onClick={close} data-testid="notifications-all">
              {t('notifications.show_all')}
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
};
