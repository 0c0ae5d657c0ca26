import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The console's one query cache. Loads fail once and show their error with a retry button (no silent
 * retries), and pages stay current through the realtime channel rather than through window focus.
 * A successful command forgets every query no page shows: a write may change what any other page
 * reads (calendar names in the month sheet, an answered invite in the appointment), and a page opened
 * later then reads again, carrying the command's consistency position, instead of showing older data.
 */
export const createQueryClient = (): QueryClient => {
  const mutationCache = new MutationCache({
    onSuccess: () => {
      client.removeQueries({ type: 'inactive' });
    },
  });
  const client = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
};

/** Reads the queries under these keys again; the ones on screen keep what they show until the answer arrives. */
export const invalidateAll = (client: QueryClient, keys: readonly QueryKey[]): Promise<unknown> =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
