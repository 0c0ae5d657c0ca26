import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { chatBadgeText } from '@cn/contracts';
import { useChat } from './ChatContext';
import { ChatDraftMarker, draftPreview } from './chat-draft-marker';
import { ChatFace } from './chat-face';

/** the chat whose room this tab shows (`/chat/{type}/{id}`), or null on any other page */
export const openChatIdOf = (pathname: string): string | null => {
  const match = matchPath('/chat/:type/:id', pathname);
  return match?.params.type && match.params.id ? `${match.params.type}/${match.params.id}` : null;
};

/** the header panel's chat list: the latest chats with their unread counts, the one open in this tab marked, and the way to /chat */
export const ChatPanelList = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const chat = useChat();
  const openId = openChatIdOf(useLocation().pathname);
  const chats = chat?.state.chats ?? [];
  const drafts = Object.fromEntries(chats.map((item) => [item.id, draftPreview(chat?.state.drafts[item.id])]));
  return (
    <div className="chat-panel__list">
      <Link to="/chat/new" className="button" onClick={onNavigate} data-testid="chat-panel-new">
        {t('chat.new_chat')}
      </Link>
      {chats.length === 0 ? (
        <p className="chat-panel__empty" data-testid="chat-empty">
          {t('chat.empty')}
        </p>
      ) : (
        <ul className="chat-list">
          {chats.map((item) => (
            <li key={item.id}>
              <Link
                to={`/chat/${item.id}`}
                className={`chat-list__item ${item.id === openId ? 'chat-list__item--active' : ''}`}
                aria-current={item.id === openId ? 'page' : undefined}
                onClick={onNavigate}
                data-testid="chat-panel-item"
              >
                <span className="chat-avatar chat-avatar--small" aria-hidden="true">
                  <ChatFace name={item.name || t('chat.deleted_member')} imageUrl={item.image_url} />
                </span>
                <span className="chat-list__text">
                  <span className="chat-list__name">{item.name || t('chat.deleted_member')}</span>
                  {drafts[item.id] ? <ChatDraftMarker text={drafts[item.id] ?? ''} /> : null}
                </span>
                {item.unread_count > 0 ? <span className="chat-badge">{chatBadgeText(item.unread_count)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/chat" onClick={onNavigate}>
        {t('chat.open_all')}
      </Link>
    </div>
  );
};
