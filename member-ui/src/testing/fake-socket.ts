/** a WebSocket the test drives: open, message, close; what the console sent is kept */
export class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  /** a frame from the server */
  receive(event: unknown): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

/**
 * For a describe block: every WebSocket the console opens is a FakeSocket, kept (in order) in the list
 * answered, emptied before each test; the real WebSocket is put back after the block.
 */
export const useFakeWebSockets = (): FakeSocket[] => {
  const sockets: FakeSocket[] = [];
  const original = globalThis.WebSocket;
  beforeAll(() => {
    (globalThis as { WebSocket?: unknown }).WebSocket = class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    };
  });
  afterAll(() => {
    globalThis.WebSocket = original;
  });
  beforeEach(() => {
    sockets.length = 0;
  });
  return sockets;
};
