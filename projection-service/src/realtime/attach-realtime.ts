import type { Server } from 'node:http';
import { REALTIME_BATCH_FRAMES, REALTIME_BATCH_TYPE, REALTIME_FRAMES_PARAM } from '@cn/contracts';
import type { SessionConfig } from '@cn/platform';
import { MAX_TOPICS, TOPIC_PATTERN, type RealtimeHub, type RealtimeMessage } from './realtime-hub';
import { serveSockets, type SocketServer } from './socket-server';

export const REALTIME_PATH = '/api/realtime';

export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface AttachRealtimeOptions {
  hub: RealtimeHub;
  session: SessionConfig;
  /** origins besides the server's own allowed to open the socket from a browser (PlatformConfig.allowedOrigins) */
  allowedOrigins?: readonly string[];
  /** whether X-Forwarded-Host names the server's own host (a trusted proxy in front) */
  trustProxy?: boolean;
  logger?: RealtimeLogger;
  path?: string;
  /**
   * the position every read model has reached (the gate's): the answer to a watch message carries it, so that
   * a console whose reads are older reads again what a push before the watch could not reach
   */
  readPosition?: () => number;
}

/**
 * The answer to a watch message that adds topics (and to a connection's first one): from `position` on,
 * changes of `topics` are pushed to this connection; a read older than it may have missed one.
 */
export interface WatchingMessage {
  type: 'watching';
  topics: string[];
  position: number;
}

export type RealtimeServer = SocketServer;

/** the topics of a watch message; null for anything else (ignored: the socket only listens) */
export const watchedTopics = (raw: string): Set<string> | null => {
  if (raw.length > 4096) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, topics } = value as { type?: unknown; topics?: unknown };
  if (type !== 'watch' || !Array.isArray(topics) || topics.length > MAX_TOPICS) return null;
  if (!topics.every((topic): topic is string => typeof topic === 'string' && TOPIC_PATTERN.test(topic))) return null;
  return new Set(topics);
};

/**
 * A message's JSON, made once however many sockets it goes to: a publisher that tells a thousand members
 * the same change hands the hub one message object (messages are never changed once published).
 */
const serializedMessages = new WeakMap<RealtimeMessage, string>();
export const serialized = (message: RealtimeMessage): string => {
  let json = serializedMessages.get(message);
  if (json === undefined) {
    json = JSON.stringify(message);
    serializedMessages.set(message, json);
  }
  return json;
};

/** the pushes in the order given, less each one a later push of the same document supersedes (a whole view of it, or its position) */
export const latestPerDocument = (messages: readonly RealtimeMessage[]): RealtimeMessage[] => {
  if (messages.length < 2) return [...messages];
  const seen = new Set<string>();
  const kept: RealtimeMessage[] = [];
  for (let at = messages.length - 1; at >= 0; at -= 1) {
    const message = messages[at];
    const key = `${message.collection}\u0000${message.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(message);
  }
  return kept.reverse();
};

/** one frame carrying several pushes, each serialized once however many sockets it goes to */
export const batchFrame = (messages: readonly RealtimeMessage[]): string =>
  `{"type":"${REALTIME_BATCH_TYPE}","messages":[${messages.map(serialized).join(',')}]}`;

export interface SocketOutbox {
  send: (message: RealtimeMessage) => void;
  /** writes what waits now (before a message that must not overtake it) */
  flush: () => void;
}

/**
 * One socket's pushes of the same tick go out together once the tick's work is done: a push superseded
 * by a later one of the same document is dropped, and a socket that reads batched frames gets the rest
 * in one frame (one write instead of one per push); others get one frame per push, in order.
 */
export const socketOutbox = (write: (frame: string) => void, batched: boolean, later: (run: () => void) => void = setImmediate): SocketOutbox => {
  let pending: RealtimeMessage[] | null = null;
  const flush = (): void => {
    const messages = pending;
    pending = null;
    if (!messages) return;
    const due = latestPerDocument(messages);
    if (batched && due.length > 1) write(batchFrame(due));
    else for (const message of due) write(serialized(message));
  };
  return {
    send: (message) => {
      if (!pending) {
        pending = [];
        later(flush);
      }
      pending.push(message);
    },
    flush,
  };
};

/**
 * Serves the realtime WebSocket on the given HTTP server (the Nest one, or the standalone runner's), with
 * the origin, session, heartbeat and session-end checks every member socket gets (`serveSockets`).
 */
export const attachRealtime = (server: Server, options: AttachRealtimeOptions): RealtimeServer =>
  serveSockets(server, {
    path: options.path ?? REALTIME_PATH,
    session: options.session,
    allowedOrigins: options.allowedOrigins,
    trustProxy: options.trustProxy,
    onConnection: (ws, { memberId, url }) => {
      const outbox = socketOutbox(
        (frame) => {
          if (ws.readyState === ws.OPEN) ws.send(frame);
        },
        url.searchParams.get(REALTIME_FRAMES_PARAM) === REALTIME_BATCH_FRAMES,
      );
      const connection = { memberId, topics: new Set<string>(), send: outbox.send };
      const remove = options.hub.add(connection);
      // the console says which topics its open pages watch: {"type":"watch","topics":["appointments"]}
      let answered = false;
      ws.on('message', (raw: Buffer, isBinary: boolean) => {
        const topics = isBinary ? null : watchedTopics(raw.toString('utf8'));
        if (!topics) return;
        const before = connection.topics;
        options.hub.watch(connection, topics);
        const added = [...topics].filter((topic) => !before.has(topic));
        if (!options.readPosition || (answered && added.length === 0) || ws.readyState !== ws.OPEN) return;
        answered = true;
        // the pushes before the watch's answer go out before it
        outbox.flush();
        const watching: WatchingMessage = { type: 'watching', topics: added, position: options.readPosition() };
        ws.send(JSON.stringify(watching));
      });
      ws.on('close', remove);
      ws.on('error', (error) => options.logger?.warn({ err: error, memberId }, 'realtime socket error'));
      options.logger?.info({ memberId }, 'realtime connected');
    },
  });
