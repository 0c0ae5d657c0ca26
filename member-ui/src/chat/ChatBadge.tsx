import { chatBadgeText } from '@cn/contracts';
import { useChat } from './ChatContext';

/** the header's chat badge: unread messages in chats not muted, '99+' above 99 */
export const ChatBadge = () => {
  const chat = useChat();
  const count = chat?.state.unreadTotal ?? 0;
  return count > 0 ? (
    <span className="chat-badge" data-testid="chat-badge">
      {chatBadgeText(count)}
    </span>
  ) : null;
};
