import type { NotificationDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { consoleTimeZone } from '../common/console-time-zone';
import { Icon, type IconName } from '../common/Icon';
import { DAY_AND_TIME, formatInstant } from '../common/date-format';

const MINUTE = 60_000;
/** "5 minutes ago", "yesterday" in the console's language */
export const relativeTime = (iso: string, now: number, language: string): string => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round((new Date(iso).getTime() - now) / MINUTE);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
};

const ICONS: Record<NotificationDto['subject']['type'], IconName> = { appointment: 'calendar', activity: 'activity', group: 'members', abuse_report: 'info', chat: 'chat', app_item: 'tasks' };

const UNNAMED: Partial<Record<NotificationDto['subject']['type'], string>> = {
  appointment: 'notifications.deleted_appointment',
  chat: 'notifications.private_chat',
  app_item: 'notifications.untitled_item',
};

/** the source's name, or what it was when it is gone (an item may simply have no title) */
const subjectName = (notification: NotificationDto, t: (key: string) => string): string => notification.subject.name || t(UNNAMED[notification.subject.type] ?? 'notifications.deleted_subject');

/**
 * One notification: who did what, and a link to its source (the post, the group, the appointment).
 * `fresh`: unread when the list was opened (stays marked until it closes).
 */
export const NotificationItem = ({ notification, fresh, onOpen }: { notification: NotificationDto; fresh: boolean; onOpen?: () => void }) => {
  const { t, i18n } = useTranslation();
  const actor = notification.actor?.name ?? t('notifications.system');
  const name = subjectName(notification, t);
  return (
    <li className={fresh ? 'notification notification--unread' : 'notification'} data-testid="notification" data-kind={notification.kind} data-read={String(!fresh)}>
      <Icon name={ICONS[notification.subject.type]} />
      <div>
        <p className="notification__text">
          {t(`notifications.kinds.${notification.kind}`, { actor })}{' '}
          {notification.subject.html_url ? (
            <Link to={notification.subject.html_url} onClick={onOpen} data-testid="notification-link">
              {name}
            </Link>
          ) : (
            <span>{name}</span>
          )}
        </p>
        <time className="muted" dateTime={notification.at} title={formatInstant(notification.at, i18n.language, { ...DAY_AND_TIME, timeZone: consoleTimeZone() })}>
          {relativeTime(notification.at, Date.now(), i18n.language)}
        </time>
      </div>
    </li>
  );
};
