import WebSocket from 'ws';

/** What a realtime socket upgrade with these headers answers: 'open', or the HTTP status it was refused with. */
export const upgradeRealtime = (port: number, headers: Record<string, string>, path = '/api/realtime'): Promise<'open' | number> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });

/** Opens a console's realtime socket (presence shows only while one is open); answers how to close it. */
export const openConsole = (baseUrl: string, cookie: string): Promise<() => void> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: { Cookie: cookie } });
    socket.once('open', () => resolve(() => socket.close()));
    socket.once('error', reject);
  });

/** what a realtime socket heard: each `changed` message, in order of arrival */
export interface RealtimeChange {
  type: 'changed';
  collection: string;
  id: string;
  doc: unknown;
}

/** Opens a console's realtime socket that keeps what it is told and calls `heard` on each change. */
export const listenRealtime = (port: number, cookie: string, heard: (change: RealtimeChange) => void = () => undefined): Promise<{ changes: RealtimeChange[]; close: () => void }> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: cookie } });
    const changes: RealtimeChange[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as RealtimeChange;
      if (message.type !== 'changed') return;
      changes.push(message);
      heard(message);
    });
    socket.once('open', () => resolve({ changes, close: () => socket.close() }));
    socket.once('error', reject);
  });

/** a realtime socket a test listens on: every frame it heard, how it closed, and a wait for a frame */
export interface ListeningSocket {
  frames: Array<{ type: string; collection?: string; id?: string; doc?: unknown; topics?: string[]; position?: number }>;
  /** the close code once the socket closed */
  closed: Promise<number>;
  watch(topics: string[]): void;
  /** resolves with the first frame (heard before or later) that matches, or fails after `timeoutMs` */
  next(matches: (frame: ListeningSocket['frames'][number]) => boolean, timeoutMs?: number): Promise<ListeningSocket['frames'][number]>;
  close(): void;
}

/** Opens a socket on `path` (the members' realtime channel, or the visitors' public one) with the given headers. */
export const listenSocket = (port: number, path: string, headers: Record<string, string> = {}): Promise<ListeningSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    const frames: ListeningSocket['frames'] = [];
    const waiting = new Set<() => void>();
    socket.on('message', (raw: Buffer) => {
      frames.push(JSON.parse(raw.toString('utf8')) as ListeningSocket['frames'][number]);
      for (const check of [...waiting]) check();
    });
    const closed = new Promise<number>((done) => socket.once('close', (code: number) => done(code)));
    const next: ListeningSocket['next'] = (matches, timeoutMs = 5000) =>
      new Promise((found, failed) => {
        const check = () => {
          const frame = frames.find(matches);
          if (!frame) return;
          waiting.delete(check);
          clearTimeout(timer);
          found(frame);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          failed(new Error(`no matching frame on ${path}; heard ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    socket.once('open', () =>
      resolve({ frames, closed, next, watch: (topics) => socket.send(JSON.stringify({ type: 'watch', topics })), close: () => socket.close() }),
    );
    socket.once('unexpected-response', (_req, res) => {
      reject(new Error(`upgrade on ${path} refused with ${res.statusCode ?? 0}`));
      socket.terminate();
    });
    socket.once('error', reject);
  });
