import WebSocket from 'ws';

/** What a realtime socket upgrade with these headers answers: 'open', or the HTTP status it was refused with. */
export const upgradeRealtime = (port: number, headers: Record<string, string>): Promise<'open' | number> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
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
