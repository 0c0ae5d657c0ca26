import { useEffect, useReducer, useState } from 'react';
import { Title, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { PROPERTY_SETS_COLLECTION, PROPERTY_TYPES } from '@cn/contracts';
import { bodyOf, draftOf, editPropertySet, emptyBasicDraft, rowErrorsOf, takesOptions, type DraftAction, type DraftProperty } from './property-set-draft';
import type { PropertySetMeta, PropertySetRecord } from './property-sets-data-provider';
import { useLiveChanges } from '../api/useLiveChanges';

const T = 'cn.property_sets';

interface Failure {
  status?: number;
  body?: { errors?: Array<{ field: string; key: string }> };
}

/**
 * A context's property set: a basic set's properties (name, label, type, and a selection's or tag's
 * options, added, removed and reordered), or a modified set's options added to its parent's selections.
 * Saving answers 'saving_successful', the server's field errors beside their fields, or 'saving_failure';
 * a set that does not exist shows a not-found title (an administrator may start an empty one).
 */
export const PropertySetEditor = ({ name, meta }: { name: string; meta: PropertySetMeta }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data, error, isPending, refetch } = useGetOne<PropertySetRecord>('property_sets', { id: name, meta }, { retry: false, staleTime: 0 });
  const [draft, edit] = useReducer(editPropertySet, emptyBasicDraft());
  const [dirty, setDirty] = useState(false);
  const dispatch = (action: DraftAction) => {
    setDirty(true);
    edit(action);
  };
  // a save elsewhere reads the set again, unless this editor holds changes (its save then answers 409 and reads it)
  useLiveChanges(PROPERTY_SETS_COLLECTION, `${name}:${meta.context_type ?? 'network'}:${meta.context_type && meta.context_type !== 'network' ? (meta.context_id ?? '') : ''}`, () => {
    if (dirty) notify(`${T}.changed_elsewhere`, { type: 'warning' });
    else void refetch();
  });
  const [started, setStarted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!data) return;
    edit({ type: 'load', draft: draftOf(data) });
    setDirty(false);
  }, [data]);

  if (isPending && !error) return null;
  const missing = Boolean(error) || !data;
  if (missing && !started)
    return (
      <Box sx={{ p: 2 }}>
        <Title title={translate(`${T}.not_found_title`, { name })} />
        <Typography variant="h5" component="h1" gutterBottom data-testid="property-set-not-found">
          {translate(`${T}.not_found_title`, { name })}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate(`${T}.not_found_hint`)}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setStarted(true)} data-testid="property-set-start">
          {translate(`${T}.start`)}
        </Button>
      </Box>
    );

  const revision = data?.revision ?? 0;
  const mayUpdate = data ? data.can.update : true;
  const errorAt = (path: string): string | undefined => (errors[path] ? translate(`cn.errors.${errors[path]}`) : undefined);

  const save = async () => {
    const { body, rows } = bodyOf(draft, revision);
    setSaving(true);
    try {
      await dataProvider.update('property_sets', { id: name, data: body, previousData: data ?? ({ id: name, revision } as PropertySetRecord), meta });
      setErrors({});
      setDirty(false);
      notify('cn.notifications.saving_successful', { type: 'success' });
      setStarted(false);
      await refetch();
    } catch (failure) {
      const answer = (failure ?? {}) as Failure;
      const fieldErrors = answer.status === 400 ? (answer.body?.errors ?? []) : [];
      setErrors(rowErrorsOf(fieldErrors, rows));
      if (answer.status === 409) {
        notify('cn.errors.concurrency_conflict', { type: 'error' });
        await refetch();
      } else notify(fieldErrors.length > 0 ? 'cn.errors.validation_failed' : 'cn.notifications.saving_failure', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const options = (property: DraftProperty, index: number) => (
    <Stack spacing={1} data-testid={`property-set-options-${index}`}>
      {draft.type === 'modified' && (
        <Typography variant="body2" color="text.secondary" data-testid={`property-set-parent-options-${index}`}>
          {translate(`${T}.parent_options`)}: {property.parent_options.map((option) => option.label).join(', ') || '–'}
        </Typography>
      )}
      {property.options.map((option, at) => (
        <Stack key={at} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={translate(`${T}.option_label`)}
            value={option.label}
            error={Boolean(errorAt(`${index}.options.${at}.label`))}
            helperText={errorAt(`${index}.options.${at}.label`)}
            slotProps={{ htmlInput: { 'data-testid': `property-set-option-label-${index}-${at}` } }}
            onChange={(event) => dispatch({ type: 'set_option', index, option: at, field: 'label', value: event.target.value })}
          />
          <TextField
            size="small"
            label={translate(`${T}.option_value`)}
            value={option.value}
            error={Boolean(errorAt(`${index}.options.${at}.value`))}
            helperText={errorAt(`${index}.options.${at}.value`)}
            slotProps={{ htmlInput: { 'data-testid': `property-set-option-value-${index}-${at}` } }}
            onChange={(event) => dispatch({ type: 'set_option', index, option: at, field: 'value', value: event.target.value })}
          />
          <IconButton aria-label={translate(`${T}.move_up`)} disabled={at === 0} onClick={() => dispatch({ type: 'move_option', index, option: at, to: at - 1 })}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={translate(`${T}.move_down`)} disabled={at === property.options.length - 1} onClick={() => dispatch({ type: 'move_option', index, option: at, to: at + 1 })}>
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={translate(`${T}.remove_option`)} onClick={() => dispatch({ type: 'remove_option', index, option: at })} data-testid={`property-set-remove-option-${index}-${at}`}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => dispatch({ type: 'add_option', index })} data-testid={`property-set-add-option-${index}`}>
          {translate(`${T}.add_option`)}
        </Button>
      </Box>
      {errorAt(`${index}.name`) && draft.type === 'modified' && <Typography color="error">{errorAt(`${index}.name`)}</Typography>}
    </Stack>
  );

  const shown = draft.properties.map((property, index) => ({ property, index })).filter(({ property }) => draft.type === 'basic' || takesOptions(property.type));
  const heading = translate(`${T}.edit_title`, { name });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={heading} />
      <Typography variant="h5" component="h1" gutterBottom>
        {heading}
      </Typography>
      <Typography color="text.secondary" gutterBottom data-testid="property-set-type">
        {translate(`${T}.types.${draft.type}`)}
        {data?.parent_property_set ? ` · ${translate(`${T}.derived_from`, { context: translate(`${T}.contexts.${data.parent_property_set.context_type}`) })}` : ''}
      </Typography>
      {shown.length === 0 && <Typography data-testid="property-set-empty">{translate(`${T}.empty`)}</Typography>}
      <Stack spacing={2}>
        {shown.map(({ property, index }) => (
          <Card key={index} data-testid={`property-set-property-${index}`}>
            <CardContent>
              {draft.type === 'basic' ? (
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1, alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    label={translate(`${T}.name`)}
                    value={property.name}
                    error={Boolean(errorAt(`${index}.name`))}
                    helperText={errorAt(`${index}.name`)}
                    slotProps={{ htmlInput: { 'data-testid': `property-set-name-${index}` } }}
                    onChange={(event) => dispatch({ type: 'set_property', index, field: 'name', value: event.target.value })}
                  />
                  <TextField
                    size="small"
                    label={translate(`${T}.label`)}
                    value={property.label}
                    error={Boolean(errorAt(`${index}.label`))}
                    helperText={errorAt(`${index}.label`)}
                    slotProps={{ htmlInput: { 'data-testid': `property-set-label-${index}` } }}
                    onChange={(event) => dispatch({ type: 'set_property', index, field: 'label', value: event.target.value })}
                  />
                  <TextField select size="small" label={translate(`${T}.type`)} value={property.type} sx={{ minWidth: 160 }} onChange={(event) => dispatch({ type: 'set_property', index, field: 'type', value: event.target.value })}>
                    {PROPERTY_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {translate(`cn.apps.types.${type}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <IconButton aria-label={translate(`${T}.remove_property`)} onClick={() => dispatch({ type: 'remove_property', index })} data-testid={`property-set-remove-${index}`}>
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ) : (
                <Typography variant="subtitle1" gutterBottom>
                  {property.label} ({translate(`cn.apps.types.${property.type}`)})
                </Typography>
              )}
              {takesOptions(property.type) && options(property, index)}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {draft.type === 'basic' && (
        <Card sx={{ mt: 2 }} data-testid="property-set-tag-parents">
          <CardContent>
            <Typography variant="subtitle1">{translate(`${T}.tag_parents`)}</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate(`${T}.tag_parents_hint`)}
            </Typography>
            <Stack spacing={1}>
              {draft.tag_parents.map((parent, at) => (
                <Stack key={at} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    label={translate(`${T}.tag_parent`)}
                    placeholder="app/property"
                    value={parent}
                    error={Boolean(errorAt(`tag_parents.${at}`))}
                    helperText={errorAt(`tag_parents.${at}`)}
                    slotProps={{ htmlInput: { 'data-testid': `property-set-tag-parent-${at}` } }}
                    onChange={(event) => dispatch({ type: 'set_tag_parent', index: at, value: event.target.value })}
                  />
                  <IconButton aria-label={translate(`${T}.remove_tag_parent`)} onClick={() => dispatch({ type: 'remove_tag_parent', index: at })} data-testid={`property-set-remove-tag-parent-${at}`}>
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button size="small" startIcon={<AddIcon />} onClick={() => dispatch({ type: 'add_tag_parent' })} data-testid="property-set-add-tag-parent">
                  {translate(`${T}.add_tag_parent`)}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {draft.type === 'basic' && (
          <Button startIcon={<AddIcon />} onClick={() => dispatch({ type: 'add_property' })} data-testid="property-set-add-property">
            {translate(`${T}.add_property`)}
          </Button>
        )}
        <Button variant="contained" onClick={() => void save()} disabled={saving || !mayUpdate} data-testid="property-set-save">
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
};

/** the editor at /property_sets/{name}/edit?context_type&context_id */
export const PropertySetEdit = () => {
  const { name = '' } = useParams();
  const [search] = useSearchParams();
  const contextType = search.get('context_type') ?? undefined;
  const contextId = search.get('context_id') ?? undefined;
  return <PropertySetEditor key={`${name}:${contextType ?? ''}:${contextId ?? ''}`} name={name} meta={{ context_type: contextType, context_id: contextId }} />;
};
