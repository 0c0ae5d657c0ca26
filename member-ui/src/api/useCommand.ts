import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateAll } from './query-client';

/**
 * A command of the console. Once the server accepted it, the queries under `affects` read again; the
 * client sends the command's position with those reads, so they show the write (read-your-write).
 * The command settles after that reading, so a page that moves on afterwards finds the new state.
 */
export const useCommand = <TVariables = void, TResult = unknown>(run: (variables: TVariables) => Promise<TResult>, affects: readonly QueryKey[]) => {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => invalidateAll(client, affects) });
};
