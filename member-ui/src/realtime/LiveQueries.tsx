import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../session/SessionContext';
import type { ChangedMessage } from './changes';
import { RECONNECTED } from './topics';

/** How one feature keeps its queries live: it reads a pushed change and invalidates (or patches) its queries. */
export type LiveRoute = (message: ChangedMessage, client: QueryClient) => void;

/**
 * Follows the realtime channel for the query cache: every pushed change goes to each feature's route.
 * The cache belongs to one member: when another member signs in on this tab (or nobody), it is emptied.
 */
export const LiveQueries = ({ routes }: { routes: readonly LiveRoute[] }) => {
  const { state, subscribe } = useSession();
  const client = useQueryClient();
  const memberId = state.phase === 'ready' ? (state.member?.id ?? null) : null;
  const cachedFor = useRef(memberId);

  useEffect(() => {
    if (cachedFor.current === memberId) return;
    cachedFor.current = memberId;
    client.clear();
  }, [client, memberId]);

  useEffect(
    () =>
      subscribe((message) => {
        // after a break in the channel every query is read again: its changes were not pushed
        if (message.collection === RECONNECTED) {
          void client.invalidateQueries();
          return;
        }
        for (const route of routes) route(message, client);
      }),
    [client, routes, subscribe],
  );
  return null;
};

/** While the calling page is mounted (and `enabled`), the server sends this console the changes of `topic`. */
export const useLiveTopic = (topic: string, enabled = true): void => {
  const { watch } = useSession();
  useEffect(() => (enabled ? watch(topic) : undefined), [watch, topic, enabled]);
};
