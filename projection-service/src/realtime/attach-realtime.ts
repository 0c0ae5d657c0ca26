import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_SESSION_ENDED_CODE } from '@cn/contracts';
import { isAllowedOrigin, requestContextOf, sessionStillHolds, type SessionConfig } from '@cn/platform';
import { MAX_TOPICS, TOPIC_PATTERN, type RealtimeHub, type RealtimeMessage } from './realtime-hub';

export const REALTIME_PATH = '/api/realtime';
const HEARTBEAT_MS = 30_000;
/** how often open sockets are checked against their session: a signed-out, locked or expired one closes */
const SESSION_CHECK_MS = 500;


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
}

export interface RealtimeServer {
  close(): Promise<void>;
}

/** the topics of a watch message; null for anything else (ignored: the socket only listens) */
const watchedTopics = (raw: string): Set<string> | null => {
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

const refuse = (socket: Duplex, status: number, reason: string): void => {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
};

/**
 * Serves the realtime WebSocket on the given HTTP server (the Nest one, or the standalone runner's).
 * Upgrades on other paths are left to other listeners; a browser upgrade from another site's page gets
 * 403 (cross-site WebSocket hijacking: the browser would send the member's cookie), one without a valid
 * session cookie 401.
 */
export const attachRealtime = (server: Server, options: AttachRealtimeOptions): RealtimeServer => {
  const path = options.path ?? REALTIME_PATH;
  const wss = new WebSocketServer({ noServer: true });
  const alive = new WeakMap<WebSocket, boolean>();
  const upgradedWith = new WeakMap<WebSocket, IncomingMessage>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== path) return;
    if (!isAllowedOrigin(req, options.allowedOrigins ?? [], options.trustProxy ?? false)) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    const { memberId } = requestContextOf(req, options.session);
    if (!memberId) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      upgradedWith.set(ws, req);
      const connection = {
        memberId,
        topics: new Set<string>(),
        send: (message: RealtimeMessage) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
        },
      };
      const remove = options.hub.add(connection);
      // the console says which topics its open pages watch: {"type":"watch","topics":["appointments"]}
      ws.on('message', (raw: Buffer, isBinary: boolean) => {
        const topics = isBinary ? null : watchedTopics(raw.toString('utf8'));
        if (topics) connection.topics = topics;
      });
      ws.on('pong', () => alive.set(ws, true));
      ws.on('close', remove);
      ws.on('error', (error) => options.logger?.warn({ err: error, memberId }, 'realtime socket error'));
      options.logger?.info({ memberId }, 'realtime connected');
    });
  };
  server.on('upgrade', onUpgrade);

  // sockets whose peer vanished without a close frame are dropped
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // a session that ended (signed out, password changed, member locked) keeps no socket open
  const sessionCheck = setInterval(() => {
    for (const ws of wss.clients) {
      const req = upgradedWith.get(ws);
      if (req && !sessionStillHolds(req, options.session)) ws.close(REALTIME_SESSION_ENDED_CODE, 'session ended');
    }
  }, SESSION_CHECK_MS);
  sessionCheck.unref();

  return {
    close: async () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
};
