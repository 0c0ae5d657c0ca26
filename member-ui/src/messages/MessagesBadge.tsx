import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { useUnreadMessages } from './messages-queries';

/** §9: unread badges cap at 99+ */
const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** the inbox entry's live unread count in the left navigation (hidden at 0) */
export const UnreadMessagesCount = () => {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  if (unread === 0) return null;
  return (
    <span className="badge nav-link__count" data-testid="nav-count-unread_messages" aria-label={t('messages.unread_count', { count: unread })}>
      {badgeText(unread)}
    </span>
  );
};

/** the header's messages button with the live unread count */
export const MessagesHeaderLink = () => {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  return (
    <Link to="/messages" className="icon-button icon-button--badged header__messages" aria-label={unread > 0 ? t('messages.header_unread', { count: unread }) : t('messages.header')} data-testid="messages-link">
      <Icon name="mail" />
      {unread > 0 ? (
        <span className="badge" data-testid="messages-badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
};
