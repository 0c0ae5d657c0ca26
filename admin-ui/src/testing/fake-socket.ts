/**
 * The console's realtime socket in jsdom (which has none): each one the page opens is kept in `opened`,
 * and a spec pushes a change by calling its `onmessage`. Install it with `useFakeSocket()` in a `describe`.
 */
export class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** what the page sent (its watch messages) */
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.onclose = null;
  }
}

/** the fake stands in for `WebSocket` during each test of the enclosing `describe` */
export const useFakeSocket = (): void => {
  const original = globalThis.WebSocket;
  beforeEach(() => {
    FakeSocket.opened = [];
    (globalThis as unknown as { WebSocket: unknown }).WebSocket = FakeSocket;
  });
  afterEach(() => {
    (globalThis as unknown as { WebSocket: unknown }).WebSocket = original;
  });
};
