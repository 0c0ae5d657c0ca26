import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Title, useGetList, useGetOne, useNotify, usePermissions, useTranslate, useUpdate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import SaveIcon from '@mui/icons-material/Save';
import { APP_NAVIGATION_COLLECTION, APP_NAVIGATION_ICONS, APP_NAVIGATION_ID, mayBeEntryPoint, NETWORK_STREAM_SLUG, type AppNavigationIcon, type AppNavigationItem, type AppNavigationType, type FieldError } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { fieldErrorsOf } from '../api/serverErrors';
import type { AppNavigationRecord } from './app-navigation-data-provider';
import { addItem, canAdd, changeType, linkState, moveItem, removeItem, saveBlockers, setEntryPoint, setLink, setPage, setStream, typeChoices, updateItem } from './app-navigation-editor';
import { APP_NAVIGATION_ICON_COMPONENTS, AppNavigationIconOf } from './icons';
import { useLiveChanges } from '../api/useLiveChanges';

export const APP_NAVIGATION_RESOURCE = 'app_navigation';
const ERROR_KEYS = new Set(['wrong_count', 'required', 'not_unique', 'not_allowed', 'invalid_link', 'same_host_webview', 'no_pages', 'more_not_last', 'more_required', 'taken', 'not_editable', 'not_found', 'invalid_value', 'unknown_field']);

interface PageOption {
  id: string;
  slug: string;
  title: string;
}

interface GroupOption {
  id: string;
  slug: string;
  name: string;
}

/**
 * The native app's navigation (spec "messages, files, …" §5): five items at depth 1, the first four
 * ordered by dragging (or the arrow buttons), 'more' fixed last; the selected item's form beside the list;
 * saved at the top with the saving toasts, at the revision read (another administrator's save is pushed live).
 * Auditors read it (the route's rule): nothing to change, nothing to save.
 */
export const AppNavigationEdit = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions<Permissions | null>();
  const readOnly = permissions?.administrate !== true;
  const { data, refetch, error } = useGetOne<AppNavigationRecord>(APP_NAVIGATION_RESOURCE, { id: APP_NAVIGATION_ID });
  const { data: pageOptions } = useGetList<PageOption>('pages', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' }, filter: {} });
  const { data: groups } = useGetList<GroupOption>('groups', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
  const [update, { isPending: saving }] = useUpdate<AppNavigationRecord>();
  const [items, setItems] = useState<AppNavigationItem[] | null>(null);
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState(0);
  const [dragged, setDragged] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const host = window.location.host;

  useLiveChanges(APP_NAVIGATION_COLLECTION, undefined, () => void refetch());
  // the record read (first, after a save here, or pushed from elsewhere) replaces the list unless it is being edited
  useEffect(() => {
    if (data && !dirty) {
      setItems(data.items);
      setRevision(data.revision);
    }
  }, [data, dirty]);

  const edit = (next: AppNavigationItem[]) => {
    setItems(next);
    setDirty(true);
    setServerErrors([]);
  };

  const blockers = useMemo(() => saveBlockers(items ?? []), [items]);
  if (error) return <Alert severity="error">{translate('cn.notifications.saving_failure')}</Alert>;
  if (!items) return null;
  const current = items[selected] ?? items[0];
  const currentIndex = items[selected] ? selected : 0;
  const fixedIndex = items.length - 1;

  const save = () =>
    update(
      APP_NAVIGATION_RESOURCE,
      { id: APP_NAVIGATION_ID, data: { items }, previousData: { id: APP_NAVIGATION_ID, items, revision, saved: true } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('cn.notifications.saving_successful', { type: 'success' });
          setDirty(false);
          void refetch();
        },
        onError: (failure: unknown) => {
          const { status, body } = (failure ?? {}) as { status?: number; body?: unknown };
          if (status === 409) {
            notify('cn.errors.concurrency_conflict', { type: 'error' });
            setDirty(false);
            void refetch();
            return;
          }
          setServerErrors(fieldErrorsOf(body));
          notify('cn.notifications.saving_failure', { type: 'error' });
        },
      },
    );

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null && to < fixedIndex) {
      edit(moveItem(items, dragged, to));
      setSelected(to);
    }
    setDragged(null);
  };
  const move = (from: number, to: number) => {
    edit(moveItem(items, from, to));
    setSelected(to);
  };

  const titleOf = (item: AppNavigationItem): string =>
    item.isDefault || item.type === 'more' ? translate(`cn.app_navigation.types.${item.type}`) : item.label || item.options.activitystream?.name || translate(`cn.app_navigation.types.${item.type}`);
  const errorText = ({ field, key }: FieldError): string => {
    const message = translate(`cn.app_navigation.errors.${ERROR_KEYS.has(key) ? key : 'invalid_value'}`);
    const match = /^items\.(\d+)/.exec(field);
    return match ? translate('cn.app_navigation.errors.item_error', { number: Number(match[1]) + 1, message }) : message;
  };
  const link = current.type === 'link' ? linkState(current.options.url ?? '', host) : null;
  const streamValue = current.options.activitystream?.slug ?? '';
  const streams: Array<{ slug: string; name: string }> = [
    { slug: NETWORK_STREAM_SLUG, name: translate('cn.app_navigation.network_stream') },
    ...(groups ?? []).map((group) => ({ slug: group.slug, name: group.name })),
  ];

  return (
    <Card>
      <Title title="cn.app_navigation.title" />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {translate('cn.app_navigation.title')}
          </Typography>
          {!readOnly && (
            <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={saving || blockers.length > 0} data-testid="app-navigation-save">
              {translate('cn.app_navigation.save')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('cn.app_navigation.explanation')}
        </Typography>
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('cn.app_navigation.hints.entry_point')}
        </Alert>
        {blockers.includes('five_items') && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="app-navigation-five-items">
            {translate('cn.app_navigation.hints.five_items')}
          </Alert>
        )}
        {blockers.includes('entry_point') && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('cn.app_navigation.hints.entry_point_missing')}
          </Alert>
        )}
        {dirty && data && data.revision !== revision && (
          <Alert severity="warning" sx={{ mb: 1 }} action={<Button onClick={() => setDirty(false)}>{translate('cn.app_navigation.reload')}</Button>}>
            {translate('cn.app_navigation.hints.changed_elsewhere')}
          </Alert>
        )}
        {serverErrors.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="app-navigation-errors">
            {serverErrors.map((fieldError) => (
              <div key={`${fieldError.field}-${fieldError.key}`}>{errorText(fieldError)}</div>
            ))}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ minWidth: 280 }}>
            <List dense data-testid="app-navigation-items">
              {items.map((item, index) => {
                const fixed = (index === fixedIndex && item.type === 'more') || readOnly;
                return (
                  <ListItemButton
                    key={item.id}
                    selected={index === currentIndex}
                    onClick={() => setSelected(index)}
                    draggable={!fixed}
                    onDragStart={() => setDragged(index)}
                    onDragOver={(event) => {
                      if (!fixed) event.preventDefault();
                    }}
                    onDrop={(event) => onDrop(event, index)}
                    data-testid={`app-navigation-item-${index}`}
                  >
                    <ListItemIcon>{fixed ? null : <DragIndicatorIcon fontSize="small" titleAccess={translate('cn.app_navigation.drag')} />}</ListItemIcon>
                    <ListItemIcon>
                      <AppNavigationIconOf icon={item.icon} />
                    </ListItemIcon>
                    <ListItemText primary={titleOf(item)} secondary={item.isEntryPoint ? translate('cn.app_navigation.fields.entry_point') : undefined} />
                    {!fixed && (
                      <>
                        <IconButton size="small" aria-label={translate('cn.app_navigation.move_up')} disabled={index === 0} onClick={(event) => { event.stopPropagation(); move(index, index - 1); }}>
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                        <IconButton size="small" aria-label={translate('cn.app_navigation.move_down')} disabled={index >= fixedIndex - 1} onClick={(event) => { event.stopPropagation(); move(index, index + 1); }}>
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={translate('cn.app_navigation.remove')}
                          onClick={(event) => {
                            event.stopPropagation();
                            edit(removeItem(items, index));
                            setSelected(0);
                          }}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </>
                    )}
                  </ListItemButton>
                );
              })}
            </List>
            {!readOnly && (
              <Button startIcon={<AddIcon />} disabled={!canAdd(items)} onClick={() => edit(addItem(items))} data-testid="app-navigation-add">
                {translate('cn.app_navigation.add')}
              </Button>
            )}
          </Box>
          <Box component="fieldset" disabled={readOnly} sx={{ flexGrow: 1, border: 0, m: 0, p: 0, minWidth: 0 }} data-testid="app-navigation-form">
            <Typography variant="subtitle1" sx={{ mb: 2 }}>
              {translate('cn.app_navigation.item', { number: currentIndex + 1 })}
            </Typography>
            {current.type === 'more' ? (
              <>
                <TextField label={translate('cn.app_navigation.fields.type')} value={translate('cn.app_navigation.types.more')} disabled fullWidth sx={{ mb: 2 }} />
                <Typography variant="body2">{translate('cn.app_navigation.fields.more_items')}</Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="app-navigation-more-items">
                  {(current.options.items ?? []).map((type) => (
                    <Chip key={type} label={translate(`cn.app_navigation.types.${type}`)} />
                  ))}
                </Stack>
              </>
            ) : (
              <Stack spacing={2}>
                <TextField
                  select
                  label={translate('cn.app_navigation.fields.type')}
                  value={current.type}
                  onChange={(event) => edit(changeType(items, currentIndex, event.target.value as AppNavigationType))}
                  slotProps={{ htmlInput: { 'data-testid': 'app-navigation-type' } }}
                >
                  {typeChoices(items, currentIndex, (pageOptions ?? []).length > 0).map((type) => (
                    <MenuItem key={type} value={type}>
                      {translate(`cn.app_navigation.types.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {current.type === 'link' && link && (
                  <>
                    <TextField
                      label={translate('cn.app_navigation.fields.url')}
                      value={current.options.url ?? ''}
                      onChange={(event) => edit(setLink(items, currentIndex, { url: event.target.value }, host))}
                      error={(current.options.url ?? '') !== '' && !link.valid}
                      helperText={(current.options.url ?? '') !== '' && !link.valid ? translate('cn.app_navigation.hints.invalid_link') : undefined}
                    />
                    <Box>
                      <Typography variant="body2">{translate('cn.app_navigation.fields.open_in')}</Typography>
                      <RadioGroup row value={current.options.open_in ?? 'webview'} onChange={(event) => edit(setLink(items, currentIndex, { open_in: event.target.value === 'browser' ? 'browser' : 'webview' }, host))}>
                        <FormControlLabel value="webview" control={<Radio />} label={translate('cn.app_navigation.open_in.webview')} />
                        <FormControlLabel value="browser" control={<Radio />} label={translate('cn.app_navigation.open_in.browser')} disabled={!link.browserAllowed} />
                      </RadioGroup>
                      {link.valid && !link.browserAllowed && <Typography variant="caption">{translate('cn.app_navigation.hints.same_host')}</Typography>}
                    </Box>
                  </>
                )}
                {current.type === 'page' && (
                  <TextField
                    select
                    label={translate('cn.app_navigation.fields.page')}
                    data-testid="app-navigation-page"
                    value={(pageOptions ?? []).some((option) => option.slug === current.options.page?.slug) ? current.options.page?.slug : ''}
                    onChange={(event) => {
                      const chosen = (pageOptions ?? []).find((option) => option.slug === event.target.value);
                      edit(setPage(items, currentIndex, chosen ? { slug: chosen.slug, name: chosen.title } : null));
                    }}
                  >
                    {(pageOptions ?? []).map((option) => (
                      <MenuItem key={option.id} value={option.slug}>
                        {option.title}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {current.type === 'activitystream' && (
                  <>
                    <TextField
                      select
                      label={translate('cn.app_navigation.fields.activitystream')}
                      value={streams.some((stream) => stream.slug === streamValue) ? streamValue : ''}
                      onChange={(event) => edit(setStream(items, currentIndex, streams.find((stream) => stream.slug === event.target.value) ?? null))}
                    >
                      {streams.map((stream) => (
                        <MenuItem key={stream.slug} value={stream.slug}>
                          {stream.name}
                        </MenuItem>
                      ))}
                    </TextField>
                    {streamValue !== '' && streamValue !== NETWORK_STREAM_SLUG && <Typography variant="caption">{translate('cn.app_navigation.hints.group_stream')}</Typography>}
                  </>
                )}
                <TextField
                  label={translate('cn.app_navigation.fields.label')}
                  value={current.isDefault ? translate(`cn.app_navigation.types.${current.type}`) : current.label}
                  disabled={current.isDefault}
                  helperText={current.isDefault ? translate('cn.app_navigation.hints.default_title') : undefined}
                  onChange={(event) => edit(updateItem(items, currentIndex, { label: event.target.value }))}
                />
                <Box>
                  <Typography variant="body2">{translate('cn.app_navigation.fields.icon')}</Typography>
                  <ToggleButtonGroup exclusive size="small" value={current.icon} onChange={(_event, icon: AppNavigationIcon | null) => icon && edit(updateItem(items, currentIndex, { icon }))} sx={{ flexWrap: 'wrap' }}>
                    {APP_NAVIGATION_ICONS.map((icon) => {
                      const Icon = APP_NAVIGATION_ICON_COMPONENTS[icon];
                      return (
                        <Tooltip key={icon} title={icon}>
                          <ToggleButton value={icon} aria-label={icon}>
                            <Icon fontSize="small" />
                          </ToggleButton>
                        </Tooltip>
                      );
                    })}
                  </ToggleButtonGroup>
                </Box>
                {mayBeEntryPoint(current.type) && (
                  <FormControlLabel
                    control={<Checkbox checked={current.isEntryPoint} onChange={() => edit(setEntryPoint(items, currentIndex))} />}
                    label={translate('cn.app_navigation.fields.entry_point')}
                    data-testid="app-navigation-entry-point"
                  />
                )}
              </Stack>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
