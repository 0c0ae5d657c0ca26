import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  Datagrid,
  DateField,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  TextField,
  useDataProvider,
  useGetList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { TagAdminDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import type { TagCommands } from './tags-data-provider';
import { ConfirmedDeleteButton, refusalOf, type ColumnProps } from '../layout/ConfirmedDeleteButton';



/** Merge this tag into another one, chosen from the network's other tags. */
export const MergeTagButton = (_props: ColumnProps) => {
  const tag = useRecordContext<TagAdminDto>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & TagCommands>();
  const [open, setOpen] = useState(false);
  const [into, setInto] = useState('');
  const [pending, setPending] = useState(false);
  const { data: others = [] } = useGetList<TagAdminDto>('tags', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  if (!tag) return null;
  const close = () => {
    setOpen(false);
    setInto('');
  };
  const merge = async () => {
    setPending(true);
    try {
      await dataProvider.mergeTags('tags', { id: tag.id, into });
      notify('resources.tags.merged', { type: 'success', messageArgs: { name: tag.name } });
      close();
      refresh();
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        label="resources.tags.merge.action"
        data-testid={`tag-merge-${tag.id}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <CallMergeIcon />
      </Button>
      <Dialog open={open} onClose={close} onClick={(event) => event.stopPropagation()} aria-labelledby="merge-tag-title" fullWidth maxWidth="xs">
        <DialogTitle id="merge-tag-title">{translate('resources.tags.merge.title', { name: tag.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('resources.tags.merge.hint', { name: tag.name })}
          </Typography>
          <MuiTextField
            select
            fullWidth
            label={translate('resources.tags.merge.into')}
            value={into}
            onChange={(event) => setInto(event.target.value)}
            slotProps={{ select: { inputProps: { 'data-testid': 'tag-merge-into' } } }}
          >
            {others
              // a public tag never goes into an internal one (the server refuses it: internal_tag)
              .filter((other) => other.id !== tag.id && (tag.internal || !other.internal))
              .map((other) => (
                <MenuItem key={other.id} value={other.id}>
                  {other.name}
                </MenuItem>
              ))}
          </MuiTextField>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button label="resources.tags.merge.confirm" variant="contained" disabled={into === '' || pending} onClick={() => void merge()} data-testid="tag-merge-confirm" />
        </DialogActions>
      </Dialog>
    </>
  );
};

/** Delete after a confirmation: the tag leaves every item. */
const DeleteTagButton = (props: ColumnProps) => (
  <ConfirmedDeleteButton<TagAdminDto> {...props} resource="tags" testId={(tag) => `tag-delete-${tag.id}`} translateOptions={(tag) => ({ name: tag.name, count: tag.item_count })} />
);

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="tags-empty">
      <Typography variant="h6">{translate('resources.tags.empty')}</Typography>
    </Box>
  );
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The network's tags (/administration/tags): search, how many items hold each; administrators rename, merge and delete. */
export const TagList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} empty={<Empty />} filters={filters} perPage={50}>
      <Datagrid rowClick={administrate ? 'edit' : false} bulkActionButtons={false}>
        <TextField source="name" label="resources.tags.fields.name" />
        <NumberField source="item_count" label="resources.tags.fields.item_count" />
        <FunctionField<TagAdminDto> label="resources.tags.fields.parents" sortable={false} render={(tag) => tag.parents.length} />
        <BooleanField source="internal" label="resources.tags.fields.internal" sortable={false} looseValue />
        <DateField source="updated_at" label="resources.tags.fields.updated_at" showTime />
        {administrate ? <EditButton label="resources.tags.rename" /> : null}
        {administrate ? <MergeTagButton label="" sortable={false} /> : null}
        {administrate ? <DeleteTagButton label="" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
};
