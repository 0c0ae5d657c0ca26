import { useState } from 'react';
import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/Edit';
import { Datagrid, FunctionField, List, NumberField, SearchInput, TextField, useRefresh, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { PROPERTY_SET_NAME_PATTERN, PROPERTY_SETS_COLLECTION, type PropertySetSummary } from '@cn/contracts';
import { useLiveChanges } from '../api/useLiveChanges';
import { propertySetEditPath } from './paths';

const T = 'cn.property_sets';

/** the editor of a row: the network's set without a context, any other with its context in the query */
export const editPathOf = (set: Pick<PropertySetSummary, 'name' | 'context_type' | 'context_id'>): string =>
  set.context_type === 'network' || set.context_id === null ? propertySetEditPath(set.name) : propertySetEditPath(set.name, { context_type: set.context_type, context_id: set.context_id });

/** Opens the network's set of a name (saved or not: the editor offers to start an empty one). */
const OpenByName = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const valid = PROPERTY_SET_NAME_PATTERN.test(name);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', p: 2 }}>
      <MuiTextField
        size="small"
        label={translate(`${T}.new_name`)}
        value={name}
        error={name !== '' && !valid}
        helperText={name !== '' && !valid ? translate(`${T}.invalid_name`) : ' '}
        slotProps={{ htmlInput: { 'data-testid': 'property-set-new-name' } }}
        onChange={(event) => setName(event.target.value.trim())}
      />
      <Button variant="outlined" disabled={!valid} onClick={() => void navigate(propertySetEditPath(name))} data-testid="property-set-open-name">
        {translate(`${T}.new_set`)}
      </Button>
    </Stack>
  );
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" data-testid="property-sets-empty">
        {translate(`${T}.empty_list`)}
      </Typography>
      <OpenByName />
    </Box>
  );
};

/** a set saved anywhere (a new one, another context's) reads the list again within a second */
const LiveRefresh = () => {
  const refresh = useRefresh();
  useLiveChanges(PROPERTY_SETS_COLLECTION, undefined, refresh);
  return null;
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every saved property set by name and context (/administration/property_sets); a row opens its editor. */
export const PropertySetList = () => {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} filters={filters} perPage={50} empty={<Empty />} title={translate(`${T}.list_title`)}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(`${T}.list_hint`)}
      </Typography>
      <LiveRefresh />
      <OpenByName />
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="property-sets-list">
        <TextField source="name" label={`${T}.name`} />
        <FunctionField<PropertySetSummary> source="context_type" label={`${T}.context`} render={(set) => translate(`${T}.contexts.${set.context_type}`)} />
        <TextField source="context_id" label={`${T}.context_id`} sortable={false} emptyText="–" />
        <FunctionField<PropertySetSummary> source="type" label={`${T}.set_type`} render={(set) => translate(`${T}.types.${set.type}`)} />
        <NumberField source="property_count" label={`${T}.property_count`} />
        <FunctionField<PropertySetSummary> label={`${T}.tag_parents`} sortable={false} render={(set) => set.tag_parents.join(', ') || '–'} />
        <FunctionField<PropertySetSummary>
          label=""
          render={(set) => (
            <Button component={Link} to={editPathOf(set)} size="small" startIcon={<OpenInNewIcon />} data-testid={`property-set-edit-${set.id}`}>
              {translate('ra.action.edit')}
            </Button>
          )}
        />
      </Datagrid>
    </List>
  );
};
