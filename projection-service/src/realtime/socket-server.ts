import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_SESSION_ENDED_CODE } from '@cn/contracts';
import { isAllowedOrigin, requestContextOf, sessionStillHolds, type SessionConfig } from '@cn/platform';

const HEARTBEAT_MS = 30_000;
/** how often open sockets are checked against their session: a signed-out, locked or expired one closes */
const SESSION_CHECK_MS = 500;

export interface SocketServerOptions {
  /** the upgrade path this server answers; upgrades on other paths are left to other listeners */
  path: string;
  session: SessionConfig;
  /** origins besides the server's own allowed to open the socket from a browser (PlatformConfig.allowedOrigins) */
  allowedOrigins?: readonly string[];
  /** whether X-Forwarded-Host names the server's own host (a trusted proxy in front) */
  trustProxy?: boolean;
  maxPayload?: number;
  /** a further check of the signed-in member's upgrade (a chat token); false answers 401 */
  admits?: (url: URL, memberId: string) => boolean;
  /** a socket of a signed-in member, upgraded */
  onConnection(ws: WebSocket, who: { memberId: string; sessionToken: string | null }): void;
}

export interface SocketServer {
  close(): Promise<void>;
}

const refuse = (socket: Duplex, status: number, reason: string): void => {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
};

/**
 * A member's WebSocket on the given HTTP server (the realtime channel, the chat socket), checked the same
 * way for each: a browser upgrade from another site's page gets 403 (cross-site WebSocket hijacking: the
 * browser would send the member's cookie), one without a valid session cookie 401; a socket whose peer
 * vanished is dropped, and one whose session ended (signed out, password changed, member locked) closes.
 */
export const serveSockets = (server: Server, options: SocketServerOptions): SocketServer => {
  const wss = new WebSocketServer({ noServer: true, ...(options.maxPayload ? { maxPayload: options.maxPayload } : {}) });
  const alive = new WeakMap<WebSocket, boolean>();
  const upgradedWith = new WeakMap<WebSocket, IncomingMessage>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== options.path) return;
    if (!isAllowedOrigin(req, options.allowedOrigins ?? [], options.trustProxy ?? false)) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    const { memberId, sessionToken } = requestContextOf(req, options.session);
    if (!memberId || (options.admits && !options.admits(url, memberId))) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      upgradedWith.set(ws, req);
      ws.on('pong', () => alive.set(ws, true));
      options.onConnection(ws, { memberId, sessionToken });
    });
  };
  server.on('upgrade', onUpgrade);

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
