import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../common/Icon';
import { ChatBadge } from '../chat/ChatBadge';
import { useSignedIn } from '../session/SessionContext';
import { NotificationsDropdown } from './NotificationsDropdown';
import { ProfileMenu } from './ProfileMenu';
import { SearchBar } from './SearchBar';
import { AVAILABLE_MODULES } from './navigation';
import { MessagesHeaderLink } from '../messages/MessagesBadge';
import { DesignLogo } from '../designs/DesignStyles';

export const Logo = () => (
  <svg className="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
    <rect width="32" height="32" rx="8" fill="currentColor" />
    <circle cx="11" cy="13" r="4" fill="#fff" />
    <circle cx="21" cy="13" r="4" fill="#fff" opacity=".75" />
    <path d="M5 26a6 6 0 0 1 12 0M15 26a6 6 0 0 1 12 0" stroke="#fff" strokeWidth="2" fill="none" />
  </svg>
);

export const Header = ({
  navOpen,
  onToggleNav,
  chatOpen,
  onToggleChat,
}: {
  navOpen: boolean;
  onToggleNav: () => void;
  chatOpen: boolean;
  onToggleChat: () => void;
}) => {
  const { t } = useTranslation();
  const { network, can } = useSignedIn();
  return (
    <header className="header" data-testid="header">
      <button
        type="button"
        className="icon-button header__menu"
        aria-label={t('header.menu')}
        aria-expanded={navOpen}
        aria-controls="left-navigation"
        data-testid="nav-toggle"
        onClick={onToggleNav}
      >
        <Icon name="menu" />
      </button>
      <Link to="/" className="header__brand" aria-label={t('header.start_page')}>
        <DesignLogo fallback={<Logo />} />
        <span className="header__network" data-testid="network-name">
          {network.name}
        </span>
      </Link>
      <Link to="/" className="icon-button header__home" aria-label={t('header.home')} data-testid="home-link">
        <Icon name="home" />
      </Link>
      <div className="header__search">
        <SearchBar />
      </div>
      <div className="header__actions">
        <NotificationsDropdown />
        {AVAILABLE_MODULES.has('messages') ? <MessagesHeaderLink /> : null}
        {/* chat is offered once the chat module exists (AVAILABLE_MODULES) */}
        {can.chat && AVAILABLE_MODULES.has('chat') ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('header.chat')}
            aria-expanded={chatOpen}
            data-testid="chat-button"
            onClick={onToggleChat}
          >
            <Icon name="chat" />
            <ChatBadge />
          </button>
        ) : null}
        <ProfileMenu />
      </div>
    </header>
  );
};
