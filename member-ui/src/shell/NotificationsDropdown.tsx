import type { NotificationDto } from '@cn/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadOf } from '../api/load';
import { Icon } from '../common/Icon';
import { LoadStatus } from '../common/LoadStatus';
import { useDismiss } from '../common/useDismiss';
import { useMarkNotificationsRead, useNotifications } from '../notifications/notifications-queries';

/** the badge: the count, "99+" beyond */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

const MINUTE = 60_000;
/** "5 minutes ago", "yesterday" in the console's language */
const relativeTime = (iso: string, now: number, language: string): string => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round((new Date(iso).getTime() - now) / MINUTE);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
};

const NotificationItem = ({ notification, fresh }: { notification: NotificationDto; fresh: boolean }) => {
  const { t, i18n } = useTranslation();
  const actor = notification.actor?.name ?? t('notifications.system');
  const name = notification.subject.name || t('notifications.deleted_appointment');
  return (
    <li className={fresh ? 'notification notification--unread' : 'notification'} data-testid="notification" data-kind={notification.kind}>
      <Icon name="calendar" />
      <div>
        <p className="notification__text">
          {t(`notifications.kinds.${notification.kind}`, { actor })}{' '}
          {notification.subject.html_url ? <Link to={notification.subject.html_url}>{name}</Link> : <span>{name}</span>}
        </p>
        <time className="muted" dateTime={notification.at}>
          {relativeTime(notification.at, Date.now(), i18n.language)}
        </time>
      </div>
    </li>
  );
};

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
                <NotificationItem key={notification.id} notification={notification} fresh={fresh.has(notification.id)} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
