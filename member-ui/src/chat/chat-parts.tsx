import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chatBadgeText, type ChatDto, type ChatMuteOption } from '@cn/contracts';
import { deliveryOf, type UiMessage } from './chat-store';
import { isEmojiOnly, renderChatMarkdown } from './chat-markdown';

/** initials of a chat's name for the quick-switch bar */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('') || '?';

/** the unread badge: '99+' above 99, nothing at 0 */
export const UnreadBadge = ({ count, testId }: { count: number; testId?: string }) =>
  count > 0 ? (
    <span className="chat-badge" data-testid={testId}>
      {chatBadgeText(count)}
    </span>
  ) : null;

/** the author's name, with the fallback for a deleted member */
export const useAuthorName = () => {
  const { t } = useTranslation();
  return (from: UiMessage['from']): string => (from.deleted && !from.name ? t('chat.deleted_member') : from.name);
};

const MessageText = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  if (!text) return <p className="chat-message__gone">{t('chat.message_gone')}</p>;
  if (isEmojiOnly(text)) return <p className="chat-message__emoji">{text}</p>;
  try {
    return <div className="chat-message__text">{renderChatMarkdown(text)}</div>;
  } catch {
    return <p className="chat-message__gone">{t('chat.rendering_error')}</p>;
  }
};

export const ChatMessage = ({ message, mine, chat, onQuote }: { message: UiMessage; mine: boolean; chat: ChatDto | undefined; onQuote: (message: UiMessage) => void }) => {
  const { t, i18n } = useTranslation();
  const authorName = useAuthorName();
  const delivery = mine ? deliveryOf(message, chat?.partner_state) : null;
  const unread = !mine && chat !== undefined && message.seq > chat.state.last_read_seq;
  return (
    <li className={`chat-message ${mine ? 'chat-message--mine' : ''} ${unread ? 'chat-message--unread' : ''}`} data-testid="chat-message" data-message-id={message.id}>
      <div className="chat-message__meta">
        <span className="chat-message__author">{authorName(message.from)}</span>
        <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}</time>
      </div>
      {message.quoted_message ? (
        <blockquote className="chat-message__quote" data-testid="chat-quote">
          <span className="chat-message__author">{authorName(message.quoted_message.from)}</span>
          <MessageText text={message.quoted_message.text} />
        </blockquote>
      ) : null}
      <MessageText text={message.text} />
      <div className="chat-message__footer">
        {message.failed ? (
          <span className="chat-message__failed" role="alert">
            {t(`chat.errors.${message.failed}`, { defaultValue: t('chat.errors.generic_error') })}
          </span>
        ) : delivery ? (
          <span className="chat-message__delivery" data-testid="chat-delivery" data-state={delivery}>
            {t(`chat.delivery.${delivery}`)}
          </span>
        ) : null}
        {!message.pending ? (
          <button type="button" className="link-button chat-message__quote-button" onClick={() => onQuote(message)}>
            {t('chat.quote')}
          </button>
        ) : null}
      </div>
    </li>
  );
};

export const MUTE_OPTIONS: readonly ChatMuteOption[] = ['hour', 'day', 'week', 'forever'];

/** mute for a while, or (while muted) only turning muting off */
export const MuteMenu = ({ chat, onMute, onUnmute }: { chat: ChatDto; onMute: (option: ChatMuteOption) => void; onUnmute: () => void }) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  if (chat.muted) {
    return (
      <div className="chat-mute">
        <span className="chat-mute__until" data-testid="chat-muted">
          {chat.muted_until && chat.muted_until.startsWith('9999') ? t('chat.mute.muted_forever') : t('chat.mute.muted_until', { until: new Date(chat.muted_until ?? '').toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) })}
        </span>
        <button type="button" className="button button--secondary" data-testid="chat-unmute" onClick={onUnmute}>
          {t('chat.mute.off')}
        </button>
      </div>
    );
  }
  return (
    <div className="chat-mute">
      <button type="button" className="button button--secondary" aria-haspopup="menu" aria-expanded={open} data-testid="chat-mute-menu" onClick={() => setOpen((value) => !value)}>
        {t('chat.mute.title')}
      </button>
      {open ? (
        <ul className="chat-mute__menu" role="menu">
          {MUTE_OPTIONS.map((option) => (
            <li key={option} role="none">
              <button
                type="button"
                role="menuitem"
                data-testid={`chat-mute-${option}`}
                onClick={() => {
                  setOpen(false);
                  onMute(option);
                }}
              >
                {t(`chat.mute.${option}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

export const COMPOSER_MIN_ROWS = 1;
export const COMPOSER_MAX_ROWS = 8;
const COMPOSING_THROTTLE_MS = 1000;

/** Enter sends; Shift, Ctrl, Alt or Meta with Enter makes a line break */
export const sendsOnKey = (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'> & { nativeEvent?: { isComposing?: boolean } }): boolean =>
  event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey && !event.nativeEvent?.isComposing;

export const rowsFor = (text: string): number => Math.min(COMPOSER_MAX_ROWS, Math.max(COMPOSER_MIN_ROWS, text.split('\n').length));

export const Composer = ({
  writable,
  quote,
  onClearQuote,
  onSend,
  onComposing,
}: {
  writable: boolean;
  quote: UiMessage | null;
  onClearQuote: () => void;
  onSend: (text: string) => void;
  onComposing: () => void;
}) => {
  const { t } = useTranslation();
  const authorName = useAuthorName();
  const [text, setText] = useState('');
  const lastComposing = useRef(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const empty = text.trim().length === 0;

  useEffect(() => {
    if (quote) field.current?.focus();
  }, [quote]);

  const submit = (): void => {
    if (empty || !writable) return;
    onSend(text);
    setText('');
  };

  return (
    <form
      className="chat-composer"
      data-testid="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {quote ? (
        <div className="chat-composer__quote" data-testid="chat-composer-quote">
          <span>
            {t('chat.quoting', { name: authorName(quote.from) })}: {quote.text.slice(0, 120)}
          </span>
          <button type="button" className="icon-button" aria-label={t('chat.clear_quote')} onClick={onClearQuote}>
            ×
          </button>
        </div>
      ) : null}
      <label className="visually-hidden" htmlFor="chat-composer-text">
        {t('chat.message_label')}
      </label>
      <textarea
        id="chat-composer-text"
        ref={field}
        data-testid="chat-composer-text"
        value={text}
        required
        disabled={!writable}
        rows={rowsFor(text)}
        placeholder={writable ? t('chat.placeholder') : t('chat.placeholder_disabled')}
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (event.target.value.trim() && now - lastComposing.current > COMPOSING_THROTTLE_MS) {
            lastComposing.current = now;
            onComposing();
          }
        }}
        onKeyDown={(event) => {
          if (sendsOnKey(event)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" className="button" data-testid="chat-send" disabled={empty || !writable}>
        {t('chat.send')}
      </button>
    </form>
  );
};
