import { useEffect, useRef } from 'react';

const RECONNECT_MS = 5000;

/**
 * Calls `onChange` when a document of `collection` (the one with `id`, or any when `id` is undefined) was
 * changed anywhere: the projection pushes it over the realtime socket the member console uses too, so
 * that an open editor reads it again within a second. Changes the server sends only to consoles watching
 * a topic (groups, ...) need `topic`: the socket then says it watches it, as the member console does.
 */
export const useLiveChanges = (collection: string, id: string | undefined, onChange: () => void, topic?: string): void => {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let opened = false;
    const connect = () => {
      if (stopped) return;
      socket = new WebSocket(`${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/realtime`);
      // what was saved while the socket was down was not pushed: read again after a reconnect
      socket.onopen = () => {
        if (topic !== undefined) socket?.send(JSON.stringify({ type: 'watch', topics: [topic] }));
        if (opened) latest.current();
        opened = true;
      };
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        try {
          const message = JSON.parse(event.data) as { type?: unknown; collection?: unknown; id?: unknown };
          if (message.type === 'changed' && message.collection === collection && (id === undefined || message.id === id)) latest.current();
        } catch {
          // not a change message
        }
      };
      socket.onclose = () => {
        socket = null;
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
      };
      socket.onerror = () => socket?.close();
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [collection, id, topic]);
};
