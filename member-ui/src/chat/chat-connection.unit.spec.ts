import type { ChatServerEvent, ChatSocketAction } from '@cn/contracts';
import { FakeSocket } from '../testing/fake-socket';
import { openChatConnection, type ChatConnectionState } from './chat-connection';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('chat connection', () => {
  beforeAll(() => {
    (globalThis as { WebSocket?: unknown }).WebSocket = FakeSocket;
    (globalThis as { window?: unknown }).window = { location: { protocol: 'http:', host: 'console.test' } };
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('connects with the token, resumes after a close 5 to 10 s later, and keeps the credentials', async () => {
    const sockets: FakeSocket[] = [];
    const states: ChatConnectionState[] = [];
    const opened: boolean[] = [];
    const events: ChatServerEvent[] = [];
    const fetchToken = jest.fn(() => Promise.resolve({ token: 'tok', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString() }));
    const connection = openChatConnection({
      fetchToken,
      onEvent: (event) => events.push(event),
      onState: (state) => states.push(state),
      onOpen: (send: (action: ChatSocketAction) => void, reconnect) => {
        opened.push(reconnect);
        send({ action: 'my_chats' });
      },
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      random: () => 0.5,
    });
    await flush();
    expect(sockets[0]?.url).toBe('ws://console.test/api/chat/socket?token=tok');
    sockets[0]?.open();
    expect(states).toEqual(['connecting', 'connected']);
    expect(sockets[0]?.sent).toEqual([JSON.stringify({ action: 'my_chats' })]);
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'ok', position: 1 }) });
    expect(events).toEqual([{ event: 'ok', position: 1 }]);

    sockets[0]?.close();
    expect(states.at(-1)).toBe('reconnecting');
    jest.advanceTimersByTime(7400);
    await flush();
    expect(sockets).toHaveLength(1);
    jest.advanceTimersByTime(200);
    await flush();
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(opened).toEqual([false, true]);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    connection.stop();
  });

  it('says fetch_credentials_failed when the token cannot be fetched, and tries again', async () => {
    const states: ChatConnectionState[] = [];
    const fetchToken = jest.fn(() => Promise.reject(new Error('offline')));
    const connection = openChatConnection({ fetchToken, onEvent: () => undefined, onState: (state) => states.push(state), onOpen: () => undefined, createSocket: (url) => new FakeSocket(url) as unknown as WebSocket, random: () => 0 });
    await flush();
    expect(states).toEqual(['connecting', 'fetch_credentials_failed']);
    jest.advanceTimersByTime(5000);
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    connection.stop();
  });
});
