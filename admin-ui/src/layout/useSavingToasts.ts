import { useNotify, useRefresh } from 'react-admin';

/**
 * mutationOptions of a single-record edit page: the spec's 'saving_successful' toast and a reload of the
 * record, or 'saving_failure'. Someone else's save meanwhile (409) says so and reads the record again, so
 * the next save starts from their changes instead of undoing them.
 */
export const useSavingToasts = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return {
    onSuccess: () => {
      notify('cn.notifications.saving_successful', { type: 'success' });
      refresh();
    },
    onError: (error: unknown) => {
      const conflict = (error as { status?: number } | null)?.status === 409;
      notify(conflict ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
      if (conflict) refresh();
    },
  };
};
