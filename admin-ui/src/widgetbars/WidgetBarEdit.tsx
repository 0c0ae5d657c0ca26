import { useEffect, useReducer, useState, type DragEvent } from 'react';
import { NotFound, Title, useDataProvider, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, IconButton, List, ListItem, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { ALL_OPTION, countValue, editWidgetBar, paletteFor, WIDGET_RENDERERS, type Widget, type WidgetBarCalendarsResponse, type WidgetBarDraft, type WidgetTypeName } from '@cn/contracts';
import type { WidgetBarRecord, WidgetBarsDataProvider } from './widgetbars-data-provider';

const TYPE_FORMAT = 'application/x-cn-widget-type';
const INDEX_FORMAT = 'application/x-cn-widget-index';

const label = (type: WidgetTypeName) => `resources.widgetbars.types.${type}`;

/** what tells two widgets of a type apart in the bar: a headline, a text's beginning, a feed's address */
const summaryOf = (widget: Widget): string => {
  const properties = widget.properties as Record<string, unknown>;
  const text = [properties['headline'], properties['content'], properties['url']].find((value): value is string => typeof value === 'string' && value.trim() !== '') ?? '';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/** the selected widget's properties, each with the input its value takes */
const PropertiesForm = ({ widget, onChange, calendars }: { widget: Widget; onChange: (property: string, value: unknown) => void; calendars: WidgetBarCalendarsResponse['calendars'] }) => {
  const translate = useTranslate();
  const properties = widget.properties as Record<string, unknown>;
  const field = (name: string) => `resources.widgetbars.fields.${name}`;
  return (
    <Stack spacing={2} data-testid="widget-properties">
      {Object.entries(properties).map(([name, value]) => {
        const id = `widget-property-${name}`;
        if (name === 'count')
          return (
            <TextField key={name} id={id} type="number" label={translate(field(name))} value={String(value)} slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': id } }} onChange={(event) => onChange(name, countValue(event.target.value))} />
          );
        if (name === 'show_age') return <FormControlLabel key={name} control={<Checkbox checked={value === true} onChange={(event) => onChange(name, event.target.checked)} />} label={translate(field(name))} />;
        if (name === 'renderer')
          return (
            <TextField key={name} select label={translate(field(name))} value={String(value)} onChange={(event) => onChange(name, event.target.value)}>
              {WIDGET_RENDERERS.map((renderer) => (
                <MenuItem key={renderer} value={renderer}>
                  {translate(`resources.widgetbars.renderers.${renderer}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        if (name === 'scope')
          return (
            <TextField key={name} select label={translate(field(name))} value={String(value)} onChange={(event) => onChange(name, event.target.value)}>
              {['personal', 'all'].map((scope) => (
                <MenuItem key={scope} value={scope}>
                  {translate(`resources.widgetbars.scopes.${scope}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        if (name === 'additional_calendar_ids')
          return (
            <TextField
              key={name}
              select
              label={translate(field(name))}
              value={Array.isArray(value) ? value : []}
              slotProps={{ select: { multiple: true } }}
              // the order of choosing decides the 'all' rule: what was chosen last comes last
              onChange={(event) => onChange(name, typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
            >
              <MenuItem value={ALL_OPTION}>{translate('resources.widgetbars.all_calendars')}</MenuItem>
              {calendars.map((calendar) => (
                <MenuItem key={calendar.id} value={calendar.id}>
                  {calendar.name}
                </MenuItem>
              ))}
            </TextField>
          );
        if (name === 'profile_fields')
          return (
            <TextField
              key={name}
              label={translate(field(name))}
              helperText={translate('resources.widgetbars.profile_fields_hint')}
              value={Array.isArray(value) ? value.join(', ') : ''}
              onChange={(event) =>
                onChange(
                  name,
                  event.target.value
                    .split(',')
                    .map((part) => part.trim())
                    .filter(Boolean),
                )
              }
            />
          );
        return (
          <TextField
            key={name}
            id={id}
            label={translate(field(name))}
            value={typeof value === 'string' ? value : ''}
            multiline={name === 'content'}
            minRows={name === 'content' ? 4 : undefined}
            slotProps={{ htmlInput: { 'data-testid': id } }}
            onChange={(event) => onChange(name, event.target.value)}
          />
        );
      })}
    </Stack>
  );
};

/**
 * A network widget bar's editor: drag a widget type from the palette into the bar (or press its add
 * button), drag or move widgets to reorder them, select one to edit its properties, remove, save. The
 * server checks every rule; its refusal comes back as a toast.
 */
export const WidgetBarEditor = ({ slug }: { slug: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<WidgetBarsDataProvider>();
  const { data, error, isPending, refetch } = useGetOne<WidgetBarRecord>('widgetbars', { id: slug }, { retry: false });
  const [draft, dispatch] = useReducer(editWidgetBar, { widgets: [], selected: null } satisfies WidgetBarDraft);
  const [calendars, setCalendars] = useState<WidgetBarCalendarsResponse['calendars']>([]);
  const [update, { isPending: saving }] = useUpdate<WidgetBarRecord>();

  useEffect(() => {
    if (data) dispatch({ type: 'load', widgets: data.widgets as Widget[] });
  }, [data]);
  useEffect(() => {
    if (error) notify('resources.widgetbars.load_failed', { type: 'error' });
  }, [error, notify]);
  useEffect(() => {
    dataProvider
      .getCalendars('widgetbars')
      .then((answer) => setCalendars(answer.calendars))
      .catch(() => setCalendars([]));
  }, [dataProvider]);

  if (error) return <NotFound />;
  if (isPending || !data) return null;

  const onDrop = (event: DragEvent, at: number) => {
    event.preventDefault();
    const type = event.dataTransfer.getData(TYPE_FORMAT) as WidgetTypeName;
    const from = event.dataTransfer.getData(INDEX_FORMAT);
    if (type) dispatch({ type: 'add', widget: type, at });
    else if (from !== '') dispatch({ type: 'move', from: Number(from), to: at });
  };
  const save = () =>
    update(
      'widgetbars',
      { id: slug, data: { widgets: draft.widgets }, previousData: data },
      {
        onSuccess: () => {
          notify('cn.notifications.saving_successful', { type: 'success' });
          void refetch();
        },
        onError: (failure) => {
          const body = (failure as { body?: { errors?: Array<{ key: string }> }; status?: number } | null) ?? null;
          const key = body?.status === 409 ? 'cn.errors.concurrency_conflict' : body?.body?.errors?.[0] ? `cn.errors.${body.body.errors[0].key}` : 'cn.notifications.saving_failure';
          notify(key, { type: 'error' });
          if (body?.status === 409) void refetch();
        },
      },
    );
  const selected = draft.selected === null ? null : draft.widgets[draft.selected];

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('resources.widgetbars.edit_title', { slug })} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('resources.widgetbars.edit_title', { slug })}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card sx={{ minWidth: 220 }}>
          <CardContent>
            <Typography variant="subtitle1">{translate('resources.widgetbars.palette')}</Typography>
            <List dense data-testid="widget-palette">
              {paletteFor(false).map((type) => (
                <ListItem
                  key={type}
                  draggable
                  onDragStart={(event) => event.dataTransfer.setData(TYPE_FORMAT, type)}
                  data-testid={`widget-palette-${type}`}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      onClick={() => dispatch({ type: 'add', widget: type })}
                      data-testid={`widget-add-${type}`}
                      aria-label={translate('resources.widgetbars.add', { type: translate(label(type)) })}
                      title={translate('resources.widgetbars.add_short')}
                    >
                      <AddIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={translate(label(type))} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, minWidth: 260 }}>
          <CardContent>
            <Typography variant="subtitle1">{translate('resources.widgetbars.bar')}</Typography>
            <List data-testid="widgetbar-widgets" onDragOver={(event) => event.preventDefault()} onDrop={(event) => onDrop(event, draft.widgets.length)}>
              {draft.widgets.length === 0 && (
                <ListItem data-testid="widgetbar-empty">
                  <ListItemText secondary={translate('resources.widgetbars.empty_bar')} />
                </ListItem>
              )}
              {draft.widgets.map((widget, index) => (
                <ListItem
                  key={`${index}-${widget.type}`}
                  draggable
                  onDragStart={(event) => event.dataTransfer.setData(INDEX_FORMAT, String(index))}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.stopPropagation();
                    onDrop(event, index);
                  }}
                  data-testid={`widgetbar-widget-${index}`}
                  disablePadding
                  secondaryAction={
                    <>
                      <IconButton aria-label={translate('resources.widgetbars.move_up')} disabled={index === 0} onClick={() => dispatch({ type: 'move', from: index, to: index - 1 })}>
                        <ArrowUpwardIcon />
                      </IconButton>
                      <IconButton aria-label={translate('resources.widgetbars.move_down')} disabled={index === draft.widgets.length - 1} onClick={() => dispatch({ type: 'move', from: index, to: index + 1 })}>
                        <ArrowDownwardIcon />
                      </IconButton>
                      <IconButton aria-label={translate('resources.widgetbars.remove')} onClick={() => dispatch({ type: 'remove', index })} data-testid={`widgetbar-remove-${index}`}>
                        <DeleteIcon />
                      </IconButton>
                    </>
                  }
                >
                  <ListItemButton selected={draft.selected === index} onClick={() => dispatch({ type: 'select', index })} sx={{ pr: 18 }}>
                    <ListItemText primary={translate(label(widget.type))} secondary={summaryOf(widget)} slotProps={{ secondary: { noWrap: true } }} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="widgetbar-save">
              {translate('ra.action.save')}
            </Button>
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, minWidth: 260 }}>
          <CardContent>
            <Typography variant="subtitle1">{translate('resources.widgetbars.properties')}</Typography>
            {selected && draft.selected !== null ? (
              <PropertiesForm widget={selected} calendars={calendars} onChange={(property, value) => dispatch({ type: 'set', index: draft.selected ?? 0, property, value })} />
            ) : (
              <Typography color="text.secondary">{translate('resources.widgetbars.select_hint')}</Typography>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
};

/** the editor at /widgetbars/{slug}/edit */
export const WidgetBarEdit = () => {
  const { slug = '' } = useParams();
  return <WidgetBarEditor slug={slug} />;
};
