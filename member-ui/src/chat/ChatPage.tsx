import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CHAT_RECENT_COUNT, type ChatDto, type DirectoryMembersResponse } from '@cn/contracts';
import { useSession, useSignedIn } from '../session/SessionContext';
import { StatusControl } from '../presence/StatusControl';
import { useChat, type ChatApi } from './ChatContext';
import { ChatDraftMarker, draftPreview } from './chat-draft-marker';
import { ChatFace, ChatMessage, Composer, MuteMenu, UnreadBadge } from './chat-parts';
import { roomOf, type UiMessage } from './chat-store';
import './chat.css';

const MARK_READ_AFTER_MS = 1000;
const SEARCH_DEBOUNCE_MS = 375;
/** scrolled up by more than this share of the list: no more autoscroll, the scroll-to-bottom button shows */
const AUTOSCROLL_THRESHOLD = 0.1;
const LOAD_OLDER_THRESHOLD = 0.02;

export const chatPath = (chatId: string): string => `/chat/${chatId}`;

const ConnectionNote = ({ chat }: { chat: ChatApi }) => {
  const { t } = useTranslation();
  const state = chat.state.connection;
  if (state === 'connected') return null;
  return (
    <p className={`chat-connection chat-connection--${state}`} role="status" data-testid="chat-connection">
      {t(`chat.connection.${state}`)}
    </p>
  );
};

const ChatListItem = ({ chat, active, draft }: { chat: ChatDto; active: boolean; draft: string }) => {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={chatPath(chat.id)} className={`chat-list__item ${active ? 'chat-list__item--active' : ''}`} data-testid="chat-list-item" aria-current={active ? 'page' : undefined}>
        <span className="chat-avatar" aria-hidden="true">
          <ChatFace name={chat.name || t('chat.deleted_member')} imageUrl={chat.image_url} />
        </span>
        <span className="chat-list__text">
          <span className="chat-list__name">
            {chat.name || t('chat.deleted_member')}
            {chat.muted ? <span className="chat-list__muted"> · {t('chat.mute.muted')}</span> : null}
          </span>
          {draft && !active ? (
            <ChatDraftMarker text={draft} />
          ) : chat.last_message ? (
            <span className="chat-list__last">{chat.last_message.text}</span>
          ) : (
            <span className="chat-list__last">{t('chat.no_messages')}</span>
          )}
        </span>
        <UnreadBadge count={chat.unread_count} testId="chat-list-unread" />
      </Link>
    </li>
  );
};

const ChatList = ({ chat, activeId }: { chat: ChatApi; activeId: string | null }) => {
  const { t } = useTranslation();
  return (
    <aside className="chat-page__list" aria-label={t('chat.title')}>
      <div className="chat-page__list-head">
        <h1>{t('chat.title')}</h1>
        <Link to="/chat/new" className="button" data-testid="chat-new">
          {t('chat.new_chat')}
        </Link>
      </div>
      <StatusControl />
      <ConnectionNote chat={chat} />
      {chat.state.loadedChats && chat.state.chats.length === 0 ? (
        <p className="chat-panel__empty" data-testid="chat-empty">
          {t('chat.empty')}
        </p>
      ) : (
        <ul className="chat-list" data-testid="chat-list">
          {chat.state.chats.map((item) => (
            <ChatListItem key={item.id} chat={item} active={item.id === activeId} draft={draftPreview(chat.state.drafts[item.id])} />
          ))}
        </ul>
      )}
    </aside>
  );
};

/** search for a member or a group to chat with: members from the directory, the chat-enabled groups one is in */
const NewChat = ({ chat }: { chat: ChatApi }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const { member } = useSignedIn();
  const [q, setQ] = useState('');
  const [members, setMembers] = useState<DirectoryMembersResponse['entries']>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const query = q.trim();
    if (!query) {
      setMembers([]);
      return undefined;
    }
    const timer = setTimeout(() => {
      api
        .request<DirectoryMembersResponse>('GET', '/directory/members', { query: { q: query, per_page: 20 } })
        .then((found) => {
          setFailed(false);
          setMembers(found.entries.filter((entry) => entry.id !== member.id));
        })
        .catch(() => setFailed(true));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, q, member.id]);
  const groups = chat.state.chats.filter((item) => item.type === 'group' && item.name.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <section className="chat-page__room chat-new" aria-labelledby="chat-new-title">
      <h2 id="chat-new-title">{t('chat.new_chat')}</h2>
      <label className="field">
        <span>{t('chat.search_label')}</span>
        <input type="search" value={q} autoFocus data-testid="chat-new-search" placeholder={t('chat.search_placeholder')} onChange={(event) => setQ(event.target.value)} />
      </label>
      {failed ? <p role="alert">{t('chat.errors.generic_error')}</p> : null}
      <h3>{t('chat.members')}</h3>
      {members.length === 0 ? (
        <p className="chat-new__empty">{q.trim() ? t('chat.no_results') : t('chat.search_hint')}</p>
      ) : (
        <ul className="chat-new__results" data-testid="chat-new-members">
          {members.map((entry) => (
            <li key={entry.id}>
              <Link to={chatPath(`member/${entry.id}`)}>{entry.displayName}</Link>
            </li>
          ))}
        </ul>
      )}
      {groups.length === 0 ? (
        <>
          <h3>{t('chat.groups')}</h3>
          <p className="chat-new__empty">{t('chat.no_group_chats')}</p>
        </>
      ) : (
        [...new Set(groups.map((group) => group.category ?? ''))].map((category) => (
          <div key={category || 'groups'}>
            <h3>{category || t('chat.groups')}</h3>
            <ul className="chat-new__results" data-testid="chat-new-groups">
              {groups
                .filter((group) => (group.category ?? '') === category)
                .map((group) => (
                  <li key={group.id}>
                    <Link to={chatPath(group.id)}>{group.name}</Link>
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
};

const QuickSwitch = ({ chats, activeId }: { chats: readonly ChatDto[]; activeId: string }) => {
  const { t } = useTranslation();
  const recent = chats.slice(0, CHAT_RECENT_COUNT);
  return (
    <nav className="chat-quick" aria-label={t('chat.recent')} data-testid="chat-quick-switch">
      {recent.map((item) => (
        <Link key={item.id} to={chatPath(item.id)} className={`chat-avatar ${item.id === activeId ? 'chat-avatar--active' : ''}`} title={item.name} aria-label={item.name || t('chat.deleted_member')}>
          <ChatFace name={item.name || t('chat.deleted_member')} imageUrl={item.image_url} />
          {item.unread_count > 0 ? <span className="chat-avatar__dot" aria-hidden="true" /> : null}
        </Link>
      ))}
    </nav>
  );
};

const ChatRoom = ({ chat, chatId }: { chat: ChatApi; chatId: string }) => {
  const { t } = useTranslation();
  const { member } = useSignedIn();
  const room = roomOf(chat.state, chatId);
  const info = chat.state.chats.find((item) => item.id === chatId);
  const [quote, setQuote] = useState<UiMessage | null>(null);
  const [stuckToBottom, setStuckToBottom] = useState(true);
  const list = useRef<HTMLDivElement>(null);
  const previousHeight = useRef(0);
  const { openChat, markRead, loadOlder } = chat;

  useEffect(() => {
    setQuote(null);
    setStuckToBottom(true);
    openChat(chatId);
  }, [chatId, openChat]);

  // keep the view at the bottom while following; keep the place when older messages come in above
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (stuckToBottom) element.scrollTop = element.scrollHeight;
    else if (previousHeight.current && element.scrollTop < element.clientHeight * LOAD_OLDER_THRESHOLD * 10) element.scrollTop += element.scrollHeight - previousHeight.current;
    previousHeight.current = element.scrollHeight;
  }, [room.messages, stuckToBottom]);

  // read after a second on the open chat, while the page is visible (and once it becomes visible again)
  const lastMessage = [...room.messages].reverse().find((message) => !message.pending);
  const lastMessageId = lastMessage?.id ?? null;
  const unread = info ? info.unread_count > 0 : false;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    if (!lastMessageId || !unread || !visible) return undefined;
    const timer = setTimeout(() => markRead(chatId, lastMessageId), MARK_READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [chatId, lastMessageId, unread, visible, markRead]);

  const onScroll = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    setStuckToBottom(fromBottom <= element.scrollHeight * AUTOSCROLL_THRESHOLD || fromBottom < 4);
    if (element.scrollTop <= element.scrollHeight * LOAD_OLDER_THRESHOLD) loadOlder(chatId);
  }, [chatId, loadOlder]);

  const writing = chat.state.composing[chatId];
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!writing) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, writing.until - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [writing]);

  if (room.error && !room.loaded) {
    return (
      <section className="chat-page__room">
        <p role="alert" data-testid="chat-error">
          {t(`chat.errors.${room.error}`, { defaultValue: t('chat.errors.generic_error') })}
        </p>
      </section>
    );
  }

  return (
    <section className="chat-page__room" aria-labelledby="chat-room-title" data-testid="chat-room">
      <QuickSwitch chats={chat.state.chats} activeId={chatId} />
      <header className="chat-room__header">
        {info ? (
          <span className="chat-avatar chat-avatar--large" aria-hidden="true" data-testid="chat-room-avatar">
            <ChatFace name={info.name || t('chat.deleted_member')} imageUrl={info.image_url} />
          </span>
        ) : null}
        <div className="chat-room__title">
          <h2 id="chat-room-title" data-testid="chat-room-title">
            {info?.name || (room.loaded ? t('chat.deleted_member') : t('common.loading'))}
          </h2>
          {info?.status ? <span className="chat-room__status">{info.status.text || t(`chat.status.${info.status.type}`)}</span> : null}
        </div>
        {info ? (
          <MuteMenu
            chat={info}
            onMute={(option) => chat.mute(chatId, option)}
            onUnmute={() => chat.unmute(chatId)}
            onMuteApp={(option) => chat.muteApp(chatId, option)}
            onUnmuteApp={() => chat.unmuteApp(chatId)}
          />
        ) : null}
      </header>
      {room.error ? (
        <p role="alert" className="chat-room__error" data-testid="chat-error">
          {t(`chat.errors.${room.error}`, { defaultValue: t('chat.errors.generic_error') })}
        </p>
      ) : null}
      <div className="chat-room__messages" ref={list} onScroll={onScroll} data-testid="chat-messages">
        {room.loaded && !room.more ? <p className="chat-room__no-more" data-testid="chat-no-more">{t('chat.no_more_messages')}</p> : null}
        {room.loadingOlder ? <p className="chat-room__no-more">{t('common.loading')}</p> : null}
        {room.more && !room.loadingOlder ? (
          <button type="button" className="link-button chat-room__older" onClick={() => loadOlder(chatId)}>
            {t('chat.load_older')}
          </button>
        ) : null}
        <ol className="chat-room__list">
          {room.messages.map((message) => (
            <ChatMessage key={message.id} message={message} mine={message.from.id === member.id} chat={info} onQuote={setQuote} />
          ))}
        </ol>
      </div>
      {!stuckToBottom ? (
        <button type="button" className="button chat-room__to-bottom" data-testid="chat-to-bottom" onClick={() => setStuckToBottom(true)}>
          {t('chat.scroll_to_bottom')}
        </button>
      ) : null}
      <p className="chat-room__composing" aria-live="polite">
        {writing && writing.until > now ? t('chat.composing', { name: writing.name }) : ''}
      </p>
      <Composer
        key={chatId}
        writable={info?.write ?? false}
        quote={quote}
        text={chat.state.drafts[chatId] ?? ''}
        onTextChange={(text) => chat.editDraft(chatId, text)}
        onClearQuote={() => setQuote(null)}
        onSend={(text) => {
          chat.send(chatId, text, quote?.id ?? null);
          setQuote(null);
          setStuckToBottom(true);
        }}
        onComposing={() => chat.composing(chatId)}
      />
    </section>
  );
};

/** /chat (the list), /chat/new (new chat), /chat/{member|group}/{id} (a chat) */
export const ChatPage = ({ target }: { target: 'root' | 'newChat' | 'showChat' }) => {
  const { t } = useTranslation();
  const chat = useChat();
  const params = useParams();
  const navigate = useNavigate();
  const chatId = target === 'showChat' && (params.type === 'member' || params.type === 'group') && params.id ? `${params.type}/${params.id}` : null;
  useEffect(() => {
    if (target === 'showChat' && !chatId) void navigate('/chat', { replace: true });
  }, [chatId, navigate, target]);
  const content = useMemo(() => {
    if (!chat) return null;
    if (target === 'newChat') return <NewChat chat={chat} />;
    if (chatId) return <ChatRoom key={chatId} chat={chat} chatId={chatId} />;
    return (
      <section className="chat-page__room chat-page__placeholder">
        <p>{t('chat.pick_chat')}</p>
      </section>
    );
  }, [chat, chatId, t, target]);
  if (!chat) {
    return (
      <p role="alert" data-testid="chat-unavailable">
        {t('chat.unavailable')}
      </p>
    );
  }
  return (
    <div className={`chat-page chat-page--${target}`} data-testid="chat-page">
      <ChatList chat={chat} activeId={chatId} />
      {content}
    </div>
  );
};
