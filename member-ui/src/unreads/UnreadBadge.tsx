import { unreadBadge, UNREAD_BADGE_MAX } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { useGroupUnread } from './unreads-queries';

/** a count as a badge: nothing at 0, 99+ above the cap, 'new' for -1 */
export const UnreadBadge = ({ count, testId }: { count: number; testId: string }) => {
  const { t } = useTranslation();
  const text = count === -1 ? t('unreads.new') : unreadBadge(count, UNREAD_BADGE_MAX);
  if (!text) return null;
  return (
    <span className="badge nav-link__count" data-testid={testId} aria-label={t('unreads.count', { count: Math.max(count, 0) })}>
      {text}
    </span>
  );
};

/** a group's unread activities beside its name in the left navigation */
export const GroupUnreadBadge = ({ slug }: { slug: string }) => <UnreadBadge count={useGroupUnread(slug)} testId={`nav-group-unread-${slug}`} />;
