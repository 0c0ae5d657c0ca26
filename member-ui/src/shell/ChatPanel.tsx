import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../common/Icon';
import { StatusControl } from '../presence/StatusControl';
import { ChatPanelList } from '../chat/ChatPanelList';

/** The chat list panel: status first, then the chats (built by a later issue). */
export const ChatPanel = ({ onClose, focusStatus }: { onClose: () => void; focusStatus: boolean }) => {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside className="chat-panel" aria-label={t('chat.title')} data-testid="chat-panel">
      <header className="chat-panel__header">
        <h2>{t('chat.title')}</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <StatusControl startOpen={focusStatus} />
      <ChatPanelList onNavigate={onClose} />
    </aside>
  );
};
