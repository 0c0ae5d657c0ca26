import { createApiClient } from '../api/client';
import type { ChangedMessage } from './changes';
import { openRealtime } from './realtime-connection';
import { createWatchedTopics, RECONNECTED } from './topics';

/** the one socket openRealtime opens, driven by the test */
class TestSocket {
  static OPEN = 1;
  static last: TestSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    TestSocket.last = this;
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = TestSocket.OPEN;
    this.onopen?.();
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** an API client whose answers carry the given read positions (X-Read-Position) */
const clientReadingAt = (positions: Record<string, number | null>) =>
  createApiClient(((url: string) => {
    const position = positions[url];
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (position !== null && position !== undefined) headers['X-Read-Position'] = String(position);
    return Promise.resolve(new Response('{}', { status: 200, headers }));
  }) as typeof fetch);

describe("the realtime channel's watch answer", () => {
  const realSocket = globalThis.WebSocket;
  beforeAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = TestSocket;
    (globalThis as { window?: unknown }).window = { location: { protocol: 'http:', host: 'localhost' } };
  });
  afterAll(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = realSocket;
    delete (globalThis as { window?: unknown }).window;
  });

  const opened = async (positions: Record<string, number | null>) => {
    const api = clientReadingAt(positions);
    for (const url of Object.keys(positions)) await api.request('GET', url);
    const changes: ChangedMessage[] = [];
    const topics = createWatchedTopics();
    const stop = openRealtime((message) => changes.push(message), topics, api.readBehind);
    const socket = TestSocket.last as TestSocket;
    socket.open();
    return { changes, socket, stop, topics };
  };

  it('reads everything again when a read the page shows is older than the position its watch began at', async () => {
    const { changes, socket, stop } = await opened({ '/api/v1/activitystreams/all/activities': 40, '/api/v1/unreads': 42 });
    expect(JSON.parse(socket.sent[0] ?? '{}')).toEqual({ type: 'watch', topics: [] });
    // a change at 41 or 42 was pushed to nobody here: the stream's read at 40 may lack it
    socket.receive({ type: 'watching', topics: [], position: 42 });
    expect(changes).toEqual([{ type: 'changed', collection: RECONNECTED, id: '', doc: null }]);
    stop();
  });

  it('reads nothing again when every recent read is as new as the watch', async () => {
    const { changes, socket, stop } = await opened({ '/api/v1/activitystreams/all/activities': 42, '/api/v1/unreads': 43, '/api/v1/legacy': null });
    socket.receive({ type: 'watching', topics: ['activities'], position: 42 });
    expect(changes).toEqual([]);
    // a pushed change still goes through
    socket.receive({ type: 'changed', collection: 'activities_v3', id: 'a1', doc: null });
    expect(changes).toEqual([{ type: 'changed', collection: 'activities_v3', id: 'a1', doc: null }]);
    stop();
  });

  it('ignores a malformed watch answer', async () => {
    const { changes, socket, stop } = await opened({ '/api/v1/unreads': 1 });
    socket.receive({ type: 'watching', topics: 'activities', position: 99 });
    socket.receive({ type: 'watching', topics: [], position: 'late' });
    expect(changes).toEqual([]);
    stop();
  });

  it('asks for batched frames and hands on each change of a batch in order, a single change as before', async () => {
    const { changes, socket, stop } = await opened({ '/api/v1/unreads': 1 });
    expect(new URL(socket.url).searchParams.get('frames')).toBe('batch');
    socket.receive({
      type: 'batch',
      messages: [
        { type: 'changed', collection: 'members', id: 'm1', doc: { status: { type: 'busy', text: '' } } },
        { type: 'not a change' },
        { type: 'changed', collection: 'activities_v3', id: 'a1', doc: { position: 7 } },
      ],
    });
    socket.receive({ type: 'changed', collection: 'notifications', id: 'm1', doc: { unread_count: 2 } });
    expect(changes).toEqual([
      { type: 'changed', collection: 'members', id: 'm1', doc: { status: { type: 'busy', text: '' } } },
      { type: 'changed', collection: 'activities_v3', id: 'a1', doc: { position: 7 } },
      { type: 'changed', collection: 'notifications', id: 'm1', doc: { unread_count: 2 } },
    ]);
    stop();
  });
});
