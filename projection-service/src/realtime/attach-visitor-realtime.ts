import type { Server } from 'node:http';
import { VISITOR_REALTIME_PATH, VISITOR_REALTIME_TOPICS, VISITOR_TOPIC_REFUSED_CODE } from '@cn/contracts';
import { watchedTopics, type RealtimeLogger, type WatchingMessage } from './attach-realtime';
import type { RealtimeHub, VisitorConnection } from './realtime-hub';
import { serveVisitorSockets, type SocketServer } from './socket-server';

/** the most visitor sockets one process keeps open (anybody may open one); more answer 503 */
export const MAX_VISITOR_SOCKETS = 5_000;
/** a visitor's frames are watch messages of a few public topics: anything longer is refused by the socket */
const VISITOR_MAX_PAYLOAD = 1024;

export interface AttachVisitorRealtimeOptions {
  hub: RealtimeHub;
  allowedOrigins?: readonly string[];
  trustProxy?: boolean;
  logger?: RealtimeLogger;
  readPosition?: () => number;
  maxConnections?: number;
}

/**
 * The visitors' realtime socket (`/api/realtime/public`) for public pages a signed-out visitor reads (the
 * imprint's and legal texts' navigation). It answers without a session and reads none: the socket is
 * nobody's, so it can be told only public topics (`VISITOR_REALTIME_TOPICS`), and only that something
 * changed (collection, id, position), never a document; the page reads the public route again. A watch
 * naming anything else, or any other frame, closes the socket (`VISITOR_TOPIC_REFUSED_CODE`). The origin
 * check is the members' socket's: another site's page cannot use it as a relay.
 */
export const attachVisitorRealtime = (server: Server, options: AttachVisitorRealtimeOptions): SocketServer =>
  serveVisitorSockets(server, {
    path: VISITOR_REALTIME_PATH,
    allowedOrigins: options.allowedOrigins,
    trustProxy: options.trustProxy,
    maxPayload: VISITOR_MAX_PAYLOAD,
    maxConnections: options.maxConnections ?? MAX_VISITOR_SOCKETS,
    onConnection: (ws) => {
      const connection: VisitorConnection = {
        topics: new Set<string>(),
        send: (message) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
        },
      };
      const remove = options.hub.addVisitor(connection);
      ws.on('message', (raw: Buffer, isBinary: boolean) => {
        const topics = isBinary ? null : watchedTopics(raw.toString('utf8'));
        if (!topics || [...topics].some((topic) => !VISITOR_REALTIME_TOPICS.includes(topic))) {
          connection.topics = new Set();
          ws.close(VISITOR_TOPIC_REFUSED_CODE, 'public topics only');
          return;
        }
        connection.topics = topics;
        if (ws.readyState !== ws.OPEN) return;
        const watching: WatchingMessage = { type: 'watching', topics: [...topics], position: options.readPosition?.() ?? 0 };
        ws.send(JSON.stringify(watching));
      });
      ws.on('close', remove);
      ws.on('error', (error) => options.logger?.warn({ err: error }, 'visitor realtime socket error'));
    },
  });
