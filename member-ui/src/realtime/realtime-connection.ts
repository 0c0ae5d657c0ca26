import { parseChangedMessage, type ChangedMessage } from './changes';

export const RECONNECT_BASE_MS = 5000;
export const RECONNECT_JITTER_MS = 5000;

/** 5 s plus up to 5 s random, so that a restarted server is not hit by every console at once. */
export const reconnectDelay = (random: () => number = Math.random): number =>
  RECONNECT_BASE_MS + Math.floor(random() * RECONNECT_JITTER_MS);

export const realtimeUrl = (location: Pick<Location, 'protocol' | 'host'>): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;

/** Keeps one socket open and reopens it after a close; returns the function that stops it. */
export const openRealtime = (onChange: (message: ChangedMessage) => void): (() => void) => {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    socket = new WebSocket(realtimeUrl(window.location));
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = parseChangedMessage(event.data);
      if (message) onChange(message);
    };
    socket.onclose = () => {
      socket = null;
      if (!stopped) timer = setTimeout(connect, reconnectDelay());
    };
    // an error is always followed by close, which schedules the retry
    socket.onerror = () => socket?.close();
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
};
