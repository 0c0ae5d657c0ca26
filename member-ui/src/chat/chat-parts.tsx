import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chatBadgeText, type ChatDto, type ChatMuteOption, type MemberSuggestion } from '@cn/contracts';
import { MemberSuggestionList, useMemberSuggestions } from '../common/MemberSuggestions';
import { chatMentionAt, insertChatMention } from './chat-mentions';
import { deliveryOf, type UiMessage } from './chat-store';
import { isEmojiOnly, renderChatMarkdown } from './chat-markdown';
import { ChatFace } from './chat-face';

export { ChatFace, initialsOf } from './chat-face';

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
        {!mine ? (
          <span className="chat-avatar chat-avatar--small" aria-hidden="true" data-testid="chat-message-avatar">
            <ChatFace name={authorName(message.from)} imageUrl={message.from.image_url} deleted={message.from.deleted} />
          </span>
        ) : null}
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

/** the mobile app's own mute offers no "forever" (the spec's options) */
export const APP_MUTE_OPTIONS: readonly ChatMuteOption[] = ['hour', 'day', 'week'];

/**
 * Mute for a while, here or only in the mobile app (the server's separate app mute); while a mute is on,
 * only turning it off is offered.
 */
export const MuteMenu = ({
  chat,
  onMute,
  onUnmute,
  onMuteApp,
  onUnmuteApp,
}: {
  chat: ChatDto;
  onMute: (option: ChatMuteOption) => void;
  onUnmute: () => void;
  onMuteApp: (option: ChatMuteOption) => void;
  onUnmuteApp: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const untilText = (until: string): string => new Date(until).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const appMuted = chat.app_muted_until !== null;
  if (chat.muted || appMuted) {
    return (
      <div className="chat-mute">
        {chat.muted ? (
          <>
            <span className="chat-mute__until" data-testid="chat-muted">
              {chat.muted_until && chat.muted_until.startsWith('9999') ? t('chat.mute.muted_forever') : t('chat.mute.muted_until', { until: untilText(chat.muted_until ?? '') })}
            </span>
            <button type="button" className="button button--secondary" data-testid="chat-unmute" onClick={onUnmute}>
              {t('chat.mute.off')}
            </button>
          </>
        ) : null}
        {chat.app_muted_until ? (
          <>
            <span className="chat-mute__until" data-testid="chat-app-muted">
              {chat.app_muted_until.startsWith('9999') ? t('chat.mute.app_muted_forever') : t('chat.mute.app_muted_until', { until: untilText(chat.app_muted_until) })}
            </span>
            <button type="button" className="button button--secondary" data-testid="chat-unmute-app" onClick={onUnmuteApp}>
              {t('chat.mute.app_off')}
            </button>
          </>
        ) : null}
      </div>
    );
  }
  const item = (testId: string, label: string, run: () => void) => (
    <li key={testId} role="none">
      <button
        type="button"
        role="menuitem"
        data-testid={testId}
        onClick={() => {
          setOpen(false);
          run();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className="chat-mute">
      <button type="button" className="button button--secondary" aria-haspopup="menu" aria-expanded={open} data-testid="chat-mute-menu" onClick={() => setOpen((value) => !value)}>
        {t('chat.mute.title')}
      </button>
      {open ? (
        <ul className="chat-mute__menu" role="menu">
          {MUTE_OPTIONS.map((option) => item(`chat-mute-${option}`, t(`chat.mute.${option}`), () => onMute(option)))}
          <li role="separator" className="chat-mute__heading">
            {t('chat.mute.app_heading')}
          </li>
          {APP_MUTE_OPTIONS.map((option) => item(`chat-mute-app-${option}`, t(`chat.mute.${option}`), () => onMuteApp(option)))}
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
  text,
  onTextChange,
  onClearQuote,
  onSend,
  onComposing,
}: {
  writable: boolean;
  quote: UiMessage | null;
  /** the chat's draft (kept per chat by the provider, synchronised with the member's other consoles) */
  text: string;
  onTextChange: (text: string) => void;
  onClearQuote: () => void;
  onSend: (text: string) => void;
  onComposing: () => void;
}) => {
  const { t } = useTranslation();
  const authorName = useAuthorName();
  const lastComposing = useRef(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(text.length);
  const [active, setActive] = useState(0);
  /** the '@' whose picker the member closed (Escape) */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const nextCaret = useRef<number | null>(null);
  const empty = text.trim().length === 0;
  const typed = writable ? chatMentionAt(text, Math.min(caret, text.length)) : null;
  const mention = typed && typed.start !== dismissedAt ? typed : null;
  const suggestions = useMemberSuggestions(mention ? mention.query : null);
  const picking = mention !== null && suggestions.list.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.list.length - 1));

  useEffect(() => {
    if (quote) field.current?.focus();
  }, [quote]);

  useEffect(() => {
    // the caret after an inserted mention, once the text is rendered
    if (nextCaret.current === null || !field.current) return;
    field.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  }, [text]);

  const submit = (): void => {
    if (empty || !writable) return;
    onSend(text);
  };

  const pick = (member: MemberSuggestion): void => {
    const inserted = insertChatMention(text, Math.min(caret, text.length), member);
    nextCaret.current = inserted.caret;
    setCaret(inserted.caret);
    setActive(0);
    onTextChange(inserted.text);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (picking) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const count = suggestions.list.length;
        setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        const member = suggestions.list[activeIndex];
        if (member) pick(member);
        return;
      }
    }
    if (mention && event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(mention.start);
      return;
    }
    if (sendsOnKey(event)) {
      event.preventDefault();
      submit();
    }
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
      {mention ? <MemberSuggestionList typed={mention.query} suggestions={suggestions} active={activeIndex} onPick={pick} className="chat-composer__mentions" listId="chat-mention-list" /> : null}
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
        aria-controls={picking ? 'chat-mention-list' : undefined}
        aria-activedescendant={picking ? `chat-mention-list-${activeIndex}` : undefined}
        onChange={(event) => {
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setActive(0);
          onTextChange(event.target.value);
          const now = Date.now();
          if (event.target.value.trim() && now - lastComposing.current > COMPOSING_THROTTLE_MS) {
            lastComposing.current = now;
            onComposing();
          }
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button" data-testid="chat-send" disabled={empty || !writable}>
        {t('chat.send')}
      </button>
    </form>
  );
};
