import { REALTIME_BATCH_FRAMES, REALTIME_FRAMES_PARAM, REALTIME_SESSION_ENDED_CODE, VISITOR_REALTIME_PATH } from '@cn/contracts';
import { parseChangedMessages, parseWatchingMessage, type ChangedMessage } from './changes';
import { createWatchedTopics, RECONNECTED, type WatchedTopics } from './topics';

export const RECONNECT_BASE_MS = 5000;
export const RECONNECT_JITTER_MS = 5000;

/** 5 s plus up to 5 s random, so that a restarted server is not hit by every console at once. */
export const reconnectDelay = (random: () => number = Math.random): number =>
  RECONNECT_BASE_MS + Math.floor(random() * RECONNECT_JITTER_MS);

export const realtimeUrl = (location: Pick<Location, 'protocol' | 'host'>, path = '/api/realtime'): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;

/**
 * Keeps one socket open and reopens it after a close; returns the function that stops it. It tells the
 * server what the open pages watch (on open and on every change), and after a reconnect hands the
 * console a RECONNECTED change: what happened while it was away was not pushed. So it does when the server
 * answers a watch with a position later than a recent read (`readBehind`): the page read before its watch began.
 */
export const openRealtime = (
  onChange: (message: ChangedMessage) => void,
  topics?: WatchedTopics,
  readBehind?: (position: number) => boolean,
  // the member channel sends the pushes of one tick in one frame when asked
  url: () => string = () => `${realtimeUrl(window.location)}?${REALTIME_FRAMES_PARAM}=${REALTIME_BATCH_FRAMES}`,
): (() => void) => {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let opened = false;

  const sendTopics = (): void => {
    if (topics && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'watch', topics: topics.current() }));
  };
  const stopListening = topics?.listen(sendTopics);

  const connect = () => {
    if (stopped) return;
    socket = new WebSocket(url());
    socket.onopen = () => {
      sendTopics();
      if (opened) onChange({ type: 'changed', collection: RECONNECTED, id: '', doc: null });
      opened = true;
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      // a watch began: what the console read before it, if older, may have missed a change (read ahead, a page's first read)
      const watching = parseWatchingMessage(event.data);
      if (watching) {
        if (readBehind?.(watching.position)) onChange({ type: 'changed', collection: RECONNECTED, id: '', doc: null });
        return;
      }
      for (const message of parseChangedMessages(event.data)) onChange(message);
    };
    socket.onclose = (event: CloseEvent) => {
      socket = null;
      // the session ended (locked, signed out elsewhere): the console reads its session again now, not after the retry
      if (event.code === REALTIME_SESSION_ENDED_CODE) onChange({ type: 'changed', collection: RECONNECTED, id: '', doc: null });
      if (!stopped) timer = setTimeout(connect, reconnectDelay());
    };
    // an error is always followed by close, which schedules the retry
    socket.onerror = () => socket?.close();
  };

  connect();
  return () => {
    stopped = true;
    stopListening?.();
    if (timer) clearTimeout(timer);
    socket?.close();
  };
};

/**
 * A signed-out visitor's channel: the visitors' socket (no session), watching the given public topics for
 * as long as it is open, with the same reconnect and read-again rules as a member's channel.
 */
export const openVisitorRealtime = (publicTopics: readonly string[], onChange: (message: ChangedMessage) => void, readBehind?: (position: number) => boolean): (() => void) => {
  const topics = createWatchedTopics();
  for (const topic of publicTopics) topics.watch(topic);
  return openRealtime(onChange, topics, readBehind, () => realtimeUrl(window.location, VISITOR_REALTIME_PATH));
};
