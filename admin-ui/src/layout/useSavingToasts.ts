import { useNotify, useRefresh } from 'react-admin';

/**
 * mutationOptions of a single-record edit page: the spec's 'saving_successful' toast and a reload of the
 * record, or 'saving_failure'.
 */
export const useSavingToasts = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return {
    onSuccess: () => {
      notify('cn.notifications.saving_successful', { type: 'success' });
      refresh();
    },
    onError: () => {
      notify('cn.notifications.saving_failure', { type: 'error' });
    },
  };
};
