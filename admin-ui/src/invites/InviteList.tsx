import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useDataProvider,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { GROUP_INVITE_STATUSES, GROUPS_COLLECTION, GROUPS_TOPIC, mayBatchInvites, type InviteAdminDto, type InviteBatchAction } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { useLiveChanges } from '../api/useLiveChanges';
import { refusalOf } from '../layout/ConfirmedDeleteButton';
import type { InviteCommands } from './invites-data-provider';

const RESOURCE = 'invites';

/**
 * Revoke and renew for the selected invites (§4): revoke only if every selected invite is open, renew
 * unless any is accepted, obsolete or joined. The buttons follow each row's `can` (the server's rules for
 * this viewer); a selection reaching past the page's rows stays disabled rather than guessed.
 */
export const InviteBatchButtons = () => {
  const { selectedIds, data = [] } = useListContext<InviteAdminDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(RESOURCE);
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & InviteCommands>();
  const [pending, setPending] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [message, setMessage] = useState('');
  const rows = data.filter((row) => selectedIds.includes(row.id));
  const complete = rows.length === selectedIds.length;
  const allowed = (action: InviteBatchAction) => complete && mayBatchInvites(action, rows) && !pending;
  const run = async (action: InviteBatchAction) => {
    setPending(true);
    try {
      await dataProvider.batchInvites(RESOURCE, { action, ids: rows.map((row) => row.id), body: action === 'renew' ? message : undefined });
      notify(`resources.invites.${action === 'revoke' ? 'revoked' : 'renewed'}`, { type: 'success', messageArgs: { smart_count: rows.length } });
      unselectAll();
      setRenewing(false);
      setMessage('');
      refresh();
    } catch (error) {
      const key = refusalOf(error);
      notify(key === 'not_revokable' || key === 'not_renewable' || key === 'forbidden' ? `resources.invites.errors.${key}` : `cn.errors.${key}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="resources.invites.revoke" disabled={!allowed('revoke')} onClick={() => void run('revoke')} data-testid="invites-revoke">
        <BlockIcon />
      </Button>
      <Button label="resources.invites.renew" disabled={!allowed('renew')} onClick={() => setRenewing(true)} data-testid="invites-renew">
        <AutorenewIcon />
      </Button>
      <Dialog open={renewing} onClose={() => setRenewing(false)} aria-labelledby="renew-invites-title" fullWidth maxWidth="sm">
        <DialogTitle id="renew-invites-title">{translate('resources.invites.renew_title', { smart_count: rows.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('resources.invites.renew_hint')}
          </Typography>
          <MuiTextField
            fullWidth
            multiline
            minRows={3}
            label={translate('resources.invites.fields.additional_message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'invites-renew-message' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setRenewing(false)} />
          <Button label="resources.invites.renew" variant="contained" disabled={!allowed('renew')} onClick={() => void run('renew')} data-testid="invites-renew-confirm" />
        </DialogActions>
      </Dialog>
    </>
  );
};

const searchByName = (text: string) => ({ q: text });

const useFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="resources.invites.fields.status"
      alwaysOn
      choices={GROUP_INVITE_STATUSES.map((status) => ({ id: status, name: translate(`resources.invites.status.${status}`) }))}
    />,
    <ReferenceInput key="group_id" source="group_id" reference="groups" alwaysOn>
      <AutocompleteInput optionText="name" filterToQuery={searchByName} label="resources.invites.fields.group" />
    </ReferenceInput>,
  ];
};

/** Reads the list again when a group (and so one of its invites) changed anywhere. */
const LiveRefresh = () => {
  const refresh = useRefresh();
  useLiveChanges(GROUPS_COLLECTION, undefined, refresh, GROUPS_TOPIC);
  return null;
};

/** The network's group invites, or one group's (filter), newest first; administrators select rows and revoke or renew them. */
export const InviteList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const translate = useTranslate();
  const administrate = permissions?.administrate === true;
  return (
    <List resource={RESOURCE} sort={{ field: 'created_at', order: 'DESC' }} exporter={false} filters={useFilters()} perPage={50}>
      <LiveRefresh />
      <Datagrid rowClick={false} bulkActionButtons={administrate ? <InviteBatchButtons /> : false} isRowSelectable={() => administrate}>
        <TextField source="invitee.name" label="resources.invites.fields.invitee" sortBy="invitee" />
        <TextField source="group.name" label="resources.invites.fields.group" sortBy="group" />
        <TextField source="author.name" label="resources.invites.fields.author" sortBy="author" />
        <FunctionField<InviteAdminDto> source="status" label="resources.invites.fields.status" render={(invite) => translate(`resources.invites.status.${invite.status}`)} />
        <DateField source="created_at" label="resources.invites.fields.created_at" showTime />
      </Datagrid>
    </List>
  );
};
