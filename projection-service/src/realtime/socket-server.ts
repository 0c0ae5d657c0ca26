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
  /** a socket of a signed-in member, upgraded (`url`: the upgrade's, for what the client asked in its query) */
  onConnection(ws: WebSocket, who: { memberId: string; sessionToken: string | null; url: URL }): void;
}

export interface SocketServer {
  close(): Promise<void>;
  /** the sockets open now */
  connections(): number;
}

const refuse = (socket: Duplex, status: number, reason: string): void => {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
};

/** The upgrade rules a socket server is made of: who may upgrade, how long they may stay. */
interface UpgradeRules<Who> {
  path: string;
  allowedOrigins?: readonly string[];
  trustProxy?: boolean;
  maxPayload?: number;
  /** who the upgrading request is, or the HTTP status it is refused with */
  admit(req: IncomingMessage, url: URL): Who | { refused: 401 | 503 };
  /** whether an open socket may stay open (checked every half second); closed with the session-ended code when not */
  stillHolds?: (req: IncomingMessage) => boolean;
  onConnection(ws: WebSocket, who: Who): void;
}

const REASONS = { 401: 'Unauthorized', 503: 'Service Unavailable' } as const;

/**
 * Upgrades on one path with the checks every socket gets: a browser upgrade from another site's page gets
 * 403 (cross-site WebSocket hijacking), then `admit` decides; a socket whose peer vanished is dropped.
 */
const serveUpgrades = <Who>(server: Server, rules: UpgradeRules<Who>): SocketServer => {
  const wss = new WebSocketServer({ noServer: true, ...(rules.maxPayload ? { maxPayload: rules.maxPayload } : {}) });
  const alive = new WeakMap<WebSocket, boolean>();
  const upgradedWith = new WeakMap<WebSocket, IncomingMessage>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== rules.path) return;
    if (!isAllowedOrigin(req, rules.allowedOrigins ?? [], rules.trustProxy ?? false)) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    const who = rules.admit(req, url);
    if (typeof who === 'object' && who !== null && 'refused' in who) {
      refuse(socket, who.refused, REASONS[who.refused]);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      upgradedWith.set(ws, req);
      ws.on('pong', () => alive.set(ws, true));
      rules.onConnection(ws, who);
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

  const stillHolds = rules.stillHolds;
  const sessionCheck = stillHolds
    ? setInterval(() => {
        for (const ws of wss.clients) {
          const req = upgradedWith.get(ws);
          if (req && !stillHolds(req)) ws.close(REALTIME_SESSION_ENDED_CODE, 'session ended');
        }
      }, SESSION_CHECK_MS)
    : null;
  sessionCheck?.unref();

  return {
    close: async () => {
      clearInterval(heartbeat);
      if (sessionCheck) clearInterval(sessionCheck);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    connections: () => wss.clients.size,
  };
};

/**
 * A member's WebSocket on the given HTTP server (the realtime channel, the chat socket), checked the same
 * way for each: a browser upgrade from another site's page gets 403 (cross-site WebSocket hijacking: the
 * browser would send the member's cookie), one without a valid session cookie 401; a socket whose peer
 * vanished is dropped, and one whose session ended (signed out, password changed, member locked) closes.
 */
export const serveSockets = (server: Server, options: SocketServerOptions): SocketServer =>
  serveUpgrades<{ memberId: string; sessionToken: string | null; url: URL }>(server, {
    path: options.path,
    allowedOrigins: options.allowedOrigins,
    trustProxy: options.trustProxy,
    maxPayload: options.maxPayload,
    admit: (req, url) => {
      const { memberId, sessionToken } = requestContextOf(req, options.session);
      if (!memberId || (options.admits && !options.admits(url, memberId))) return { refused: 401 };
      return { memberId, sessionToken, url };
    },
    stillHolds: (req) => sessionStillHolds(req, options.session),
    onConnection: (ws, who) => options.onConnection(ws, who),
  });

export interface VisitorSocketOptions {
  path: string;
  allowedOrigins?: readonly string[];
  trustProxy?: boolean;
  maxPayload: number;
  /** the most visitor sockets this process keeps open; an upgrade beyond answers 503 */
  maxConnections: number;
  onConnection(ws: WebSocket): void;
}

/**
 * A signed-out visitor's WebSocket: the same origin check and heartbeat, but no session: a cookie the
 * request carries is never read, so the socket is nobody's and can be told only what anybody may know.
 * Their number is capped, as anybody may open one.
 */
export const serveVisitorSockets = (server: Server, options: VisitorSocketOptions): SocketServer => {
  let open: SocketServer | null = null;
  open = serveUpgrades<null>(server, {
    path: options.path,
    allowedOrigins: options.allowedOrigins,
    trustProxy: options.trustProxy,
    maxPayload: options.maxPayload,
    admit: () => ((open?.connections() ?? 0) >= options.maxConnections ? { refused: 503 } : null),
    onConnection: (ws) => options.onConnection(ws),
  });
  return open;
};
