import { Chip, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  DateField,
  List,
  SelectInput,
  TextField,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestDto } from '@cn/contracts';
import type { ChangeRequestsDataProvider } from './change-requests-data-provider';

interface ColumnProps {
  label: string;
  sortable?: boolean;
}

const statusChoices = CHANGE_REQUEST_STATUSES.map((status) => ({ id: status, name: `resources.change_requests.statuses.${status}` }));
const changeRequestsFilters = [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn />];

/** What the member asks for: each field with its new value. */
const Changes = (_props: ColumnProps) => {
  const request = useRecordContext<ChangeRequestDto>();
  const translate = useTranslate();
  if (!request) return null;
  return (
    <Stack spacing={0.5}>
      {request.fields.map((field) => (
        <span key={field} data-testid={`change-${field}`}>
          {translate(`cn.choices.change_request_fields.${field}`)}: <strong>{request.changes[field] ?? '–'}</strong>
        </span>
      ))}
    </Stack>
  );
};

const Status = (_props: ColumnProps) => {
  const request = useRecordContext<ChangeRequestDto>();
  const translate = useTranslate();
  return request ? <Chip size="small" label={translate(`resources.change_requests.statuses.${request.status}`)} /> : null;
};

/** Accept (the change is applied) or reject an open request; the list reads again. */
const AnswerButtons = (_props: ColumnProps) => {
  const request = useRecordContext<ChangeRequestDto>();
  const dataProvider = useDataProvider<ChangeRequestsDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);
  if (!request || request.status !== 'open') return null;
  const mutate = (accept: boolean) => {
    setPending(true);
    dataProvider
      .answer('change_requests', { id: request.id, accept })
      .then(
        () => {
          notify(accept ? 'resources.change_requests.accepted' : 'resources.change_requests.rejected', { type: 'success' });
          refresh();
        },
        () => notify('cn.notifications.saving_failure', { type: 'error' }),
      )
      .finally(() => setPending(false));
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button label="resources.change_requests.accept" disabled={isPending} onClick={() => mutate(true)} data-testid="change-request-accept" />
      <Button label="resources.change_requests.reject" disabled={isPending} onClick={() => mutate(false)} data-testid="change-request-reject" />
    </Stack>
  );
};

/** Members' change requests, open ones first by default (oldest first). */
export const ChangeRequestList = () => (
  <List filters={changeRequestsFilters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'submitted_at', order: 'ASC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="member.name" label="resources.change_requests.fields.member" sortable={false} />
      <Changes label="resources.change_requests.fields.changes" sortable={false} />
      <DateField source="submitted_at" showTime />
      <Status label="resources.change_requests.fields.status" sortable={false} />
      <AnswerButtons label="resources.change_requests.fields.answer" sortable={false} />
    </Datagrid>
  </List>
);
