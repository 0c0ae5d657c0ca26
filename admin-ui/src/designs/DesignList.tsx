import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Chip } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  CreateButton,
  Datagrid,
  DateField,
  EditButton,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { DesignDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { EmptyList } from '../layout/EmptyList';
import type { DesignCommands } from './designs-data-provider';
import { ConfirmedDeleteButton, refusalOf, type ColumnProps } from '../layout/ConfirmedDeleteButton';



/** the design's colours as the console shows them: its name in the text colour on the primary, on the background */
const Preview = (_props: ColumnProps) => {
  const design = useRecordContext<DesignDto>();
  if (!design) return null;
  return (
    <Box sx={{ bgcolor: design.background_color, p: 0.5, borderRadius: 1, display: 'inline-block' }}>
      <Chip size="small" label={design.name} sx={{ bgcolor: design.primary_color, color: design.primary_text_color }} data-testid={`design-preview-${design.id}`} />
    </Box>
  );
};

/** Make the design the network's active one (the member consoles change at once), or switch it off. */
const ActivateButton = (_props: ColumnProps) => {
  const design = useRecordContext<DesignDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & DesignCommands>();
  const [pending, setPending] = useState(false);
  if (!design) return null;
  const toggle = async () => {
    setPending(true);
    try {
      await dataProvider.activateDesign('designs', { id: design.id, active: !design.active });
      notify(design.active ? 'resources.designs.deactivated' : 'resources.designs.activated', { type: 'success', messageArgs: { name: design.name } });
      refresh();
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      label={design.active ? 'resources.designs.deactivate' : 'resources.designs.activate'}
      disabled={pending}
      data-testid={`design-activate-${design.id}`}
      onClick={(event) => {
        event.stopPropagation();
        void toggle();
      }}
    >
      <CheckCircleIcon />
    </Button>
  );
};

/** Delete after a confirmation; the active design is refused (409 design_active) and the notice says why. */
const DeleteDesignButton = (props: ColumnProps) => (
  <ConfirmedDeleteButton<DesignDto> {...props} resource="designs" testId={(design) => `design-delete-${design.id}`} translateOptions={(design) => ({ name: design.name })} />
);

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return <TopToolbar>{permissions?.administrate === true ? <CreateButton data-testid="design-create" /> : null}</TopToolbar>;
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /administration/designs: the network's designs, which one is active; administrators create, edit, activate, delete. */
export const DesignList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} empty={<EmptyList resource="designs" testId="designs-empty" />} actions={<Actions />} filters={filters}>
      <Datagrid rowClick={administrate ? 'edit' : false} bulkActionButtons={false}>
        <Preview label="resources.designs.fields.preview" sortable={false} />
        <TextField source="name" label="resources.designs.fields.name" />
        <BooleanField source="active" label="resources.designs.fields.active" />
        <DateField source="updated_at" label="resources.designs.fields.updated_at" showTime />
        {administrate ? <ActivateButton label="" sortable={false} /> : null}
        {administrate ? <EditButton /> : null}
        {administrate ? <DeleteDesignButton label="" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
};
