import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CHAT_RESUME_MAX_CHATS, muteUntil, type ChatDto, type ChatMuteOption, type ChatServerEvent, type ChatSocketAction, type ChatTokenResponse, type PresenceType } from '@cn/contracts';
import { useSession } from '../session/SessionContext';
import { openChatConnection } from './chat-connection';
import { createDraftSync } from './chat-drafts';
import { addPending, applyChatEvent, emptyChatState, failPending, resumeSeen, type ChatStoreState } from './chat-store';

export interface ChatApi {
  state: ChatStoreState;
  openChat: (chatId: string) => void;
  loadOlder: (chatId: string) => void;
  send: (chatId: string, text: string, quotedMessageId: string | null) => void;
  markRead: (chatId: string, messageId: string) => void;
  mute: (chatId: string, option: ChatMuteOption) => void;
  unmute: (chatId: string) => void;
  /** the app's own mute (mute_chat_app / unmute_chat_app) */
  muteApp: (chatId: string, option: ChatMuteOption) => void;
  unmuteApp: (chatId: string) => void;
  /** the composer's text changed: kept per chat, synchronised at most once a second */
  editDraft: (chatId: string, text: string) => void;
  composing: (chatId: string) => void;
  setStatus: (type: PresenceType, text: string) => void;
}

/** exported for pages rendered with a given chat state in tests; the console provides it through ChatProvider */
export const ChatContext = createContext<ChatApi | null>(null);

const newMessageId = (): string => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`);

type Pending = { action: ChatSocketAction['action']; chat_id?: string; message_id?: string };

/**
 * The console's one chat socket, open on every page of a member who may chat: the header's badge and
 * the chat pages read its state. After a reconnect it resumes each chat after the last message it has of
 * it and sends again what was not confirmed (the server stores a message id once).
 */
export const ChatProvider = ({ children, enabled }: { children: ReactNode; enabled: boolean }) => {
  const { api, state: session } = useSession();
  const me = session.phase === 'ready' ? (session.member?.id ?? '') : '';
  const myName = session.phase === 'ready' ? (session.member?.displayName ?? '') : '';
  const myImage = session.phase === 'ready' ? (session.member?.images.small ?? null) : null;
  const [state, setState] = useState<ChatStoreState>(() => emptyChatState(me));
  const stateRef = useRef(state);
  stateRef.current = state;
  const connection = useRef<ReturnType<typeof openChatConnection> | null>(null);
  const outbox = useRef(new Map<string, Extract<ChatSocketAction, { action: 'send' }>>());
  const pending = useRef(new Map<string, Pending>());
  const openRooms = useRef(new Set<string>());
  const serial = useRef(0);
  const draftSync = useRef<ReturnType<typeof createDraftSync> | null>(null);

  const update = useCallback((change: (current: ChatStoreState) => ChatStoreState) => setState((current) => change(current)), []);
  const showDraft = useCallback((chatId: string, text: string) => update((current) => (current.drafts[chatId] === text ? current : { ...current, drafts: { ...current.drafts, [chatId]: text } })), [update]);

  const send = useCallback((action: ChatSocketAction): void => {
    serial.current += 1;
    const ref = `c${serial.current}`;
    const chatId = 'chat_id' in action ? action.chat_id : undefined;
    pending.current.set(ref, { action: action.action, chat_id: chatId, message_id: 'message_id' in action ? action.message_id : undefined });
    connection.current?.send({ ...action, ref });
  }, []);

  useEffect(() => {
    if (!enabled || !me) return undefined;
    const drafts = createDraftSync({ save: (chatId, text) => send({ action: 'save_draft', chat_id: chatId, text }) });
    draftSync.current = drafts;
    const onEvent = (event: ChatServerEvent): void => {
      const ref = 'ref' in event ? event.ref : undefined;
      const asked = ref ? pending.current.get(ref) : undefined;
      if (ref) pending.current.delete(ref);
      if (event.event === 'persisted') outbox.current.delete(event.message_id);
      if (asked?.action === 'save_draft' && asked.chat_id && (event.event === 'ok' || event.event === 'error')) drafts.answered(asked.chat_id, event.event === 'ok' ? event.position : 0);
      // a send clears the draft where it is stored: until it is answered, no older draft comes back
      if (event.event === 'persisted') drafts.answered(event.chat_id, event.position);
      else if (asked?.action === 'send' && asked.chat_id && event.event === 'error') drafts.answered(asked.chat_id, 0);
      if (event.event === 'chat_details') showDraft(event.chat.id, drafts.loaded(event.chat.id, event.draft));
      // the list's drafts (the marker): another console's newer one is taken, never over what is typed here
      const listed: readonly ChatDto[] = event.event === 'my_chats' ? event.chats : event.event === 'chat' ? [event.chat] : [];
      for (const chat of listed) {
        if (!chat.draft) continue;
        const shown = drafts.pushed(chat.id, chat.draft.text, chat.draft.position);
        if (shown !== null) showDraft(chat.id, shown);
      }
      if (event.event === 'draft') {
        const shown = drafts.pushed(event.chat_id, event.text, event.position);
        if (shown !== null) showDraft(event.chat_id, shown);
        return;
      }
      if (event.event === 'error') {
        if (asked?.action === 'send' && asked.chat_id && asked.message_id) {
          outbox.current.delete(asked.message_id);
          const { chat_id: chatId, message_id: messageId } = asked;
          update((current) => failPending(current, chatId, messageId, event.key));
        } else if (asked?.chat_id) {
          const chatId = asked.chat_id;
          update((current) => ({ ...current, rooms: { ...current.rooms, [chatId]: { ...(current.rooms[chatId] ?? { messages: [], more: false, loaded: true, loadingOlder: false }), loaded: true, error: event.key } } }));
        }
        return;
      }
      // the partner's console confirms what it received
      if (event.event === 'message' && event.message.from.id !== me) send({ action: 'mark_as_received', chat_id: event.message.chat_id, message_id: event.message.id });
      update((current) => applyChatEvent(current, event, Date.now()));
    };
    const opened = openChatConnection({
      fetchToken: () => api.request<ChatTokenResponse>('POST', '/api/v1/chat_token'),
      onEvent,
      onState: (connectionState) => update((current) => ({ ...current, connection: connectionState })),
      onOpen: (_raw, reconnect) => {
        if (reconnect) send({ action: 'resume', chats: resumeSeen(stateRef.current, CHAT_RESUME_MAX_CHATS) });
        else send({ action: 'my_chats' });
        if (reconnect) drafts.reconnected();
        for (const chatId of openRooms.current) send({ action: 'chat_details', chat_id: chatId });
        for (const action of outbox.current.values()) send(action);
      },
    });
    connection.current = opened;
    // leaving or reloading the page: the last second's typing is saved too
    const flush = (): void => drafts.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      drafts.flush();
      drafts.stop();
      opened.stop();
      connection.current = null;
      draftSync.current = null;
    };
  }, [api, enabled, me, send, showDraft, update]);

  const actions = useMemo<Omit<ChatApi, 'state'>>(
    () => ({
      openChat: (chatId) => {
        openRooms.current = new Set([chatId]);
        send({ action: 'chat_details', chat_id: chatId });
      },
      loadOlder: (chatId) => {
        const room = stateRef.current.rooms[chatId];
        const first = room?.messages.find((message) => !message.pending);
        if (!room || !room.more || room.loadingOlder || !first) return;
        update((current) => ({ ...current, rooms: { ...current.rooms, [chatId]: { ...room, loadingOlder: true } } }));
        send({ action: 'more_messages', chat_id: chatId, before_seq: first.seq });
      },
      send: (chatId, text, quotedMessageId) => {
        const action = { action: 'send' as const, chat_id: chatId, message_id: newMessageId(), text, quoted_message_id: quotedMessageId };
        outbox.current.set(action.message_id, action);
        draftSync.current?.sent(chatId);
        showDraft(chatId, '');
        update((current) => addPending(current, action, { id: me, name: myName, deleted: false, image_id: null, image_url: myImage }, new Date()));
        send(action);
      },
      markRead: (chatId, messageId) => send({ action: 'mark_as_read', chat_id: chatId, message_id: messageId }),
      mute: (chatId, option) => send({ action: 'mute_chat', chat_id: chatId, until: muteUntil(option, new Date()) }),
      unmute: (chatId) => send({ action: 'unmute_chat', chat_id: chatId }),
      muteApp: (chatId, option) => send({ action: 'mute_chat_app', chat_id: chatId, until: muteUntil(option, new Date()) }),
      unmuteApp: (chatId) => send({ action: 'unmute_chat_app', chat_id: chatId }),
      editDraft: (chatId, text) => {
        showDraft(chatId, text);
        draftSync.current?.edit(chatId, text);
      },
      composing: (chatId) => send({ action: 'composing', chat_id: chatId }),
      setStatus: (type, text) => send({ action: 'set_status', type, text }),
    }),
    [me, myName, myImage, send, showDraft, update],
  );
  const chatApi = useMemo<ChatApi>(() => ({ state, ...actions }), [state, actions]);

  return <ChatContext value={chatApi}>{children}</ChatContext>;
};

export const useChat = (): ChatApi | null => use(ChatContext);
