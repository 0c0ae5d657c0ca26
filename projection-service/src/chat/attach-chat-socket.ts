import type { Server } from 'node:http';
import {
  chatIdForViewer,
  CHAT_TOKEN_PURPOSE,
  isChatTokenClaims,
  chatSocketActionSchema,
  CHAT_SOCKET_PATH,
  type ChatServerEvent,
  type ParsedChatSocketAction,
  type PresenceType,
} from '@cn/contracts';
import { DomainError } from '@cn/domain';
import { HttpProblem, readSignedToken, type DocumentStore, type PersonalDataCipher, type SessionConfig } from '@cn/platform';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { serveSockets, type SocketServer } from '../realtime/socket-server';
import { ChatConnection, chatHubOf } from './chat-hub';
import { chatAccessOf, chatDtoOf, chatReaderOf, chatsCollection, draftOf, messageDtos, messagesPage, missedMessages, myChats, type ChatReader } from './chat-views';

/** The write side as the socket reaches it: the command service's ChatCommandGateway (standalone). */
/** who acts: the socket's member, and their session (an HTTP sink forwards it) */
export interface ChatIssuer {
  memberId: string;
  sessionToken: string | null;
}

export interface ChatCommandSink {
  send(issuer: ChatIssuer, input: { chat_id: string; message_id: string; text: string; quoted_message_id: string | null }): Promise<{ position: number }>;
  mark(issuer: ChatIssuer, input: { chat_id: string; message_id: string; state: 'received' | 'read' }): Promise<{ position: number }>;
  mute(issuer: ChatIssuer, input: { chat_id: string; until: string | null; app: boolean }): Promise<{ position: number }>;
  setStatus(issuer: ChatIssuer, input: { type: PresenceType; text: string }): Promise<{ position: number }>;
  saveDraft(issuer: ChatIssuer, input: { chat_id: string; text: string }): Promise<{ position: number }>;
}

export interface ChatSocketLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface AttachChatSocketOptions {
  hub: RealtimeHub;
  store: DocumentStore;
  cipher: PersonalDataCipher;
  session: SessionConfig;
  commands: ChatCommandSink | null;
  clock?: () => Date;
  allowedOrigins?: readonly string[];
  trustProxy?: boolean;
  logger?: ChatSocketLogger;
}

const MAX_FRAME = 64 * 1024;
const RESUME_LIMIT = 1_000;
const STATUS: Record<DomainError['kind'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, refused: 422 };

/** the member a chat token names (command-service's issueChatToken), when its signature and expiry hold */
export const verifyChatToken = (token: string | null, session: SessionConfig, now: Date): string | null =>
  readSignedToken(session.secret, CHAT_TOKEN_PURPOSE, token, now, isChatTokenClaims)?.member_id ?? null;

class ActionRefused extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly field?: string,
  ) {
    super(key);
  }
}

const refusalOf = (error: unknown): ActionRefused | null => {
  if (error instanceof ActionRefused) return error;
  if (error instanceof DomainError) return new ActionRefused(STATUS[error.kind], error.key, error.field);
  if (error instanceof HttpProblem) return new ActionRefused(error.status, error.key, error.errors[0]?.field);
  return null;
};

/**
 * The chat socket (`/api/chat/socket`) on the given HTTP server, beside the realtime channel and checked
 * the same way (`serveSockets`: origin, session cookie, closed when the session ends), plus the chat token
 * of the same member. Reads come from the chat
 * read models as the member may see them; writes go to the command side as commands.
 */
export const attachChatSocket = (server: Server, options: AttachChatSocketOptions): SocketServer => {
  const clock = options.clock ?? (() => new Date());
  const chats = chatHubOf(options.hub);
  const { store, cipher } = options;

  const reader = async (memberId: string): Promise<ChatReader> => {
    const found = await chatReaderOf(store, memberId);
    if (!found) throw new ActionRefused(401, 'unauthenticated');
    return found;
  };

  const access = async (memberId: string, chatId: string) => {
    const me = await reader(memberId);
    const view = await chatAccessOf(store, me, chatId);
    if (!view) throw new ActionRefused(404, 'not_found', 'chat_id');
    if (!view.can.read) throw new ActionRefused(403, 'forbidden', 'chat_id');
    return { me, view };
  };

  const sink = (): ChatCommandSink => {
    if (!options.commands) throw new ActionRefused(503, 'unavailable');
    return options.commands;
  };

  const profileOf = (me: ChatReader): ChatServerEvent => ({
    event: 'my_profile',
    id: me.member._id,
    name: `${me.member.first_name} ${me.member.last_name}`.trim(),
    status: me.settings.member.show_online_status === 'disabled' ? null : (me.member.presence ?? { type: 'online', text: '' }),
  });

  const handle = async (connection: ChatConnection, action: ParsedChatSocketAction): Promise<void> => {
    const memberId = connection.memberId;
    const ref = action.ref;
    switch (action.action) {
      case 'my_chats': {
        const me = await reader(memberId);
        connection.send({ event: 'my_chats', ...(await myChats(store, cipher, me, clock())), ref });
        return;
      }
      case 'resume': {
        const me = await reader(memberId);
        const count = await connection.resume(async () => messageDtos(store, cipher, me, await missedMessages(store, me, action.chats, RESUME_LIMIT, chats.recent.all())));
        connection.send({ event: 'resumed', ref, position: count });
        connection.send({ event: 'my_chats', ...(await myChats(store, cipher, me, clock())) });
        return;
      }
      case 'chat_details':
      case 'create_chat': {
        const chatId = action.action === 'create_chat' ? `${action.type}/${action.id}` : action.chat_id;
        const { me, view } = await access(memberId, chatId);
        const doc = await chatsCollection(store).get(view.key);
        const page = await messagesPage(store, view.key);
        connection.send({
          event: 'chat_details',
          chat: await chatDtoOf(store, cipher, me, view, doc, clock()),
          messages: await messageDtos(store, cipher, me, page.docs),
          more: page.more,
          draft: await draftOf(store, cipher, memberId, view.key),
          ref,
        });
        return;
      }
      case 'more_messages': {
        const { me, view } = await access(memberId, action.chat_id);
        const page = await messagesPage(store, view.key, action.before_seq);
        connection.send({ event: 'more_messages', chat_id: action.chat_id, messages: await messageDtos(store, cipher, me, page.docs), more: page.more, ref });
        return;
      }
      case 'send': {
        const { position } = await sink().send(connection.issuer, { chat_id: action.chat_id, message_id: action.message_id, text: action.text, quoted_message_id: action.quoted_message_id });
        connection.send({ event: 'persisted', chat_id: action.chat_id, message_id: action.message_id, position, ref });
        return;
      }
      case 'mark_as_received':
      case 'mark_as_read': {
        const { position } = await sink().mark(connection.issuer, { chat_id: action.chat_id, message_id: action.message_id, state: action.action === 'mark_as_read' ? 'read' : 'received' });
        connection.send({ event: 'ok', ref, position });
        return;
      }
      case 'mute_chat':
      case 'mute_chat_app':
      case 'unmute_chat':
      case 'unmute_chat_app': {
        const app = action.action.endsWith('_app');
        const until = action.action === 'mute_chat' || action.action === 'mute_chat_app' ? action.until : null;
        const { position } = await sink().mute(connection.issuer, { chat_id: action.chat_id, until, app });
        connection.send({ event: 'ok', ref, position });
        return;
      }
      case 'save_draft': {
        const { position } = await sink().saveDraft(connection.issuer, { chat_id: action.chat_id, text: action.text });
        connection.send({ event: 'ok', ref, position });
        return;
      }
      case 'set_status': {
        const { position } = await sink().setStatus(connection.issuer, { type: action.type, text: action.text });
        connection.send({ event: 'ok', ref, position });
        const me = await reader(memberId);
        chats.sendTo(memberId, { ...profileOf(me), status: { type: action.type, text: action.text } } as ChatServerEvent);
        return;
      }
      case 'composing': {
        const { me, view } = await access(memberId, action.chat_id);
        if (!view.can.write) throw new ActionRefused(422, 'chat_read_only', 'chat_id');
        const recipients = view.ref.type === 'member' ? [view.ref.id] : (view.group?.member_ids ?? []);
        for (const recipient of recipients) {
          if (recipient === memberId) continue;
          const chatId = chatIdForViewer(view.key, recipient);
          if (chatId) chats.sendTo(recipient, { event: 'composing', chat_id: chatId, member_id: memberId, name: `${me.member.first_name} ${me.member.last_name}`.trim() });
        }
        return;
      }
      default: {
        const unknown: never = action;
        throw new Error(`unknown action ${JSON.stringify(unknown)}`);
      }
    }
  };

  const onFrame = async (connection: ChatConnection, raw: string): Promise<void> => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      connection.send({ event: 'error', action: '', status: 400, key: 'invalid_json' });
      return;
    }
    const parsed = chatSocketActionSchema.safeParse(value);
    const actionName = typeof value === 'object' && value !== null && typeof (value as { action?: unknown }).action === 'string' ? (value as { action: string }).action : '';
    const ref = typeof value === 'object' && value !== null && typeof (value as { ref?: unknown }).ref === 'string' ? (value as { ref: string }).ref : undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.map(String).join('.') || 'action';
      const key = issue && issue.code === 'invalid_union' ? 'invalid_value' : (issue?.message && /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_value');
      connection.send({ event: 'error', ref, action: actionName, status: 400, key, field });
      return;
    }
    try {
      await handle(connection, parsed.data);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) options.logger?.warn({ err: error, action: actionName }, 'chat action failed');
      connection.send({ event: 'error', ref, action: actionName, status: refusal?.status ?? 500, key: refusal?.key ?? 'internal_error', ...(refusal?.field ? { field: refusal.field } : {}) });
    }
  };

  // origin, session cookie, heartbeat and session end as for every member socket; the chat token must name
  // the same member
  return serveSockets(server, {
    path: CHAT_SOCKET_PATH,
    session: options.session,
    allowedOrigins: options.allowedOrigins,
    trustProxy: options.trustProxy,
    maxPayload: MAX_FRAME,
    admits: (url, memberId) => verifyChatToken(url.searchParams.get('token'), options.session, clock()) === memberId,
    onConnection: (ws, { memberId, sessionToken }) => {
      const connection = new ChatConnection({ memberId, sessionToken }, (event) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
      });
      const leaveChats = chats.add(connection);
      // a chat socket is an open console: presence and the realtime routing count it
      const leaveHub = options.hub.add({ memberId, send: () => undefined });
      // one action after the other per socket: answers and pushes keep their order
      let queue: Promise<void> = Promise.resolve();
      ws.on('message', (raw: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        const text = raw.toString('utf8');
        queue = queue.then(() => onFrame(connection, text)).catch(() => undefined);
      });
      ws.on('close', () => {
        leaveChats();
        leaveHub();
      });
      ws.on('error', (error) => options.logger?.warn({ err: error, memberId }, 'chat socket error'));
      queue = queue
        .then(async () => {
          const me = await chatReaderOf(store, memberId);
          if (!me) return;
          connection.send(profileOf(me));
          connection.send({ event: 'network_info', name: me.settings.basic.name, anonymize: me.settings.member.anonymize_memberships_config !== 'disabled' });
        })
        .catch(() => undefined);
    },
  });
};
