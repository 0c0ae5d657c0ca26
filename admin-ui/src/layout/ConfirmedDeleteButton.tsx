import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
export const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'generic_error';
};

/** a list column's props react-admin reads from its children (label, sortable) */
export interface ColumnProps {
  label: string;
  sortable?: boolean;
}

/**
 * A list row's delete, after a confirmation, for a resource whose texts live under `resources.<resource>`
 * (delete_title, delete_confirm, deleted). A refusal is told in words: `refusal(error)` names the text,
 * by default the server's error key under `cn.errors`.
 */
export const ConfirmedDeleteButton = <R extends RaRecord>({
  resource,
  testId,
  translateOptions,
  refusal = (error) => `cn.errors.${refusalOf(error)}`,
}: ColumnProps & {
  resource: string;
  testId: (record: R) => string;
  translateOptions: (record: R) => Record<string, unknown>;
  refusal?: (error: unknown) => string;
}) => {
  const record = useRecordContext<R>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  return (
    <>
      <Button
        label="ra.action.delete"
        data-testid={testId(record)}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`resources.${resource}.delete_title`}
        content={`resources.${resource}.delete_confirm`}
        translateOptions={translateOptions(record)}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          void remove(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                notify(`resources.${resource}.deleted`, { type: 'success' });
                refresh();
              },
              onError: (error: unknown) => {
                setConfirming(false);
                notify(refusal(error), { type: 'error' });
              },
            },
          );
        }}
      />
    </>
  );
};
