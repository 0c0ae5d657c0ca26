import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Link, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  CreateButton,
  Datagrid,
  DateField,
  List,
  TextField,
  TopToolbar,
  useDelete,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { LegalTextDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { EmptyList } from '../layout/EmptyList';

interface ColumnProps {
  label: string;
  sortable?: boolean;
}

const PublicLink = (_props: ColumnProps) => {
  const text = useRecordContext<LegalTextDto>();
  if (!text) return null;
  return (
    <Link href={`/legal/${text.handle}`} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()} data-testid="legal-text-link">
      /legal/{text.handle}
    </Link>
  );
};

/** The row's context menu: edit unless the text is read-only, delete after a confirmation (administrators). */
const RowMenu = (_props: ColumnProps) => {
  const text = useRecordContext<LegalTextDto>();
  const translate = useTranslate();
  const redirect = useRedirect();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!text) return null;
  return (
    <>
      <IconButton
        aria-label={translate('resources.legal_texts.actions')}
        data-testid={`legal-text-menu-${text.handle}`}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={(event) => event.stopPropagation()}>
        {text.read_only ? null : (
          <MenuItem data-testid="legal-text-edit" onClick={() => redirect('edit', 'legal_texts', text.id)}>
            {translate('ra.action.edit')}
          </MenuItem>
        )}
        <MenuItem
          data-testid="legal-text-delete"
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          {translate('ra.action.delete')}
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="resources.legal_texts.delete_title"
        content="resources.legal_texts.delete_confirm"
        translateOptions={{ name: text.name }}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          void remove(
            'legal_texts',
            { id: text.id, previousData: text },
            {
              onSuccess: () => {
                setConfirming(false);
                notify('resources.legal_texts.deleted', { type: 'success' });
                refresh();
              },
              onError: () => notify('cn.notifications.saving_failure', { type: 'error' }),
            },
          );
        }}
      />
    </>
  );
};

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return <TopToolbar>{permissions?.administrate === true ? <CreateButton /> : null}</TopToolbar>;
};

/** Legal texts: name, public link, last updated and the row menu; a click opens the versions. */
export const LegalTextList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} empty={<EmptyList resource="legal_texts" testId="legal-texts-empty" />} actions={<Actions />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" label="resources.legal_texts.fields.name" />
        <PublicLink label="resources.legal_texts.fields.public_link" sortable={false} />
        <DateField source="updated_at" label="resources.legal_texts.fields.updated_at" showTime />
        {permissions?.administrate === true ? <RowMenu label="" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
};
