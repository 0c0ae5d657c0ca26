import { ALL_OPTION, countValue, DASHBOARD_WIDGETBAR_SLUG, editWidgetBar, paletteFor, WIDGET_PROFILE_FIELDS, WIDGET_RENDERERS, type GroupDetailDto, type Widget, type WidgetBarDraft, type WidgetTypeName } from '@cn/contracts';
import { useEffect, useReducer, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { NotFoundPage } from '../common/NotFoundPage';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { useSaveWidgetBar, useWidgetBarCalendars, useWidgetBarEditor } from './widgetbars-queries';

const TYPE_FORMAT = 'application/x-cn-widget-type';
const INDEX_FORMAT = 'application/x-cn-widget-index';

const Property = ({ name, value, onChange, calendars }: { name: string; value: unknown; onChange: (value: unknown) => void; calendars: Array<{ id: string; name: string }> }) => {
  const { t } = useTranslation();
  const id = `widget-property-${name}`;
  const label = t(`widgetbars.editor.fields.${name}`);
  if (name === 'show_age')
    return (
      <label className="field field--inline">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
    );
  let input;
  if (name === 'count') input = <input id={id} data-testid={id} type="number" min={0} step={1} value={String(value)} onChange={(event) => onChange(countValue(event.target.value))} />;
  else if (name === 'renderer' || name === 'scope') {
    const options = name === 'renderer' ? WIDGET_RENDERERS : (['personal', 'all'] as const);
    input = (
      <select id={id} value={String(value)} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`widgetbars.editor.${name}s.${option}`)}
          </option>
        ))}
      </select>
    );
  } else if (name === 'additional_calendar_ids') {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    // choosing toggles one option and puts it last: the 'all' rule reads the order of choosing
    const toggle = (option: string) => onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
    input = (
      <span id={id} className="widget-editor__choices">
        {[{ id: ALL_OPTION, name: t('widgetbars.editor.all_calendars') }, ...calendars].map((calendar) => (
          <label key={calendar.id} className="field--inline">
            <input type="checkbox" checked={chosen.includes(calendar.id)} onChange={() => toggle(calendar.id)} /> {calendar.name}
          </label>
        ))}
      </span>
    );
  } else if (name === 'profile_fields') {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    const toggle = (option: string) => onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
    input = (
      <span id={id} className="widget-editor__choices" data-testid={id}>
        {[ALL_OPTION, ...WIDGET_PROFILE_FIELDS].map((field) => (
          <label key={field} className="field--inline">
            <input type="checkbox" checked={chosen.includes(field)} onChange={() => toggle(field)} />{' '}
            {t(field === ALL_OPTION ? 'widgetbars.editor.all_profile_fields' : `widgetbars.profile_fields.${field}`)}
          </label>
        ))}
      </span>
    );
  } else if (name === 'content') input = <textarea id={id} data-testid={id} rows={5} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
  else input = <input id={id} data-testid={id} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input}
    </div>
  );
};

/**
 * A group's widget bar (its administrators): add by dragging a type into the bar or with its button,
 * reorder by dragging or the arrows, select one to edit its properties, remove, save at the revision read.
 */
export const GroupWidgetBarEditor = ({ groupId, barSlug, mayEdit }: { groupId: string; barSlug: string; mayEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const bar = useWidgetBarEditor(groupId, barSlug, mayEdit);
  const calendars = useWidgetBarCalendars(groupId, mayEdit);
  const save = useSaveWidgetBar(groupId, barSlug);
  const [draft, dispatch] = useReducer(editWidgetBar, { widgets: [], selected: null } satisfies WidgetBarDraft);

  useEffect(() => {
    if (bar.data) dispatch({ type: 'load', widgets: bar.data.widgets as Widget[] });
  }, [bar.data]);
  const failed = bar.isError;
  useEffect(() => {
    if (failed) toasts.show('error', 'widgetbars.editor.load_failed');
  }, [failed, toasts]);

  if (!mayEdit) return <EmptyState title="groups.administration.forbidden" testId="widgetbar-editor-forbidden" />;
  if (bar.isError) return <NotFoundPage />;
  if (!bar.data) return <p className="muted">{t('common.loading')}</p>;
  const revision = bar.data.revision;

  const onDrop = (event: DragEvent, at: number) => {
    event.preventDefault();
    event.stopPropagation();
    const type = event.dataTransfer.getData(TYPE_FORMAT) as WidgetTypeName;
    const from = event.dataTransfer.getData(INDEX_FORMAT);
    if (type) dispatch({ type: 'add', widget: type, at });
    else if (from !== '') dispatch({ type: 'move', from: Number(from), to: at });
  };
  const submit = async () => {
    try {
      await save.mutateAsync({ widgets: draft.widgets, revision });
      toasts.show('success', 'widgetbars.editor.saved');
    } catch (error) {
      const key = error instanceof ApiError ? (error.body.errors?.[0]?.key ?? error.key) : 'generic_error';
      toasts.show('error', refusalMessageKey(i18n, key, ['widgetbars.editor']));
      if (error instanceof ApiError && error.status === 409) void bar.refetch();
    }
  };
  const selected = draft.selected === null ? null : draft.widgets[draft.selected];

  return (
    <div className="widget-editor" data-testid="group-widgetbar-editor">
      <h2>{t('widgetbars.editor.title')}</h2>
      <div className="widget-editor__columns">
        <ul className="widget-editor__palette" aria-label={t('widgetbars.editor.palette')}>
          {paletteFor(true).map((type) => (
            <li key={type} draggable onDragStart={(event) => event.dataTransfer.setData(TYPE_FORMAT, type)} data-testid={`widget-palette-${type}`}>
              <span>{t(`widgetbars.types.${type}`)}</span>
              <button type="button" className="button button--quiet" data-testid={`widget-add-${type}`} aria-label={t('widgetbars.editor.add', { type: t(`widgetbars.types.${type}`) })} onClick={() => dispatch({ type: 'add', widget: type })}>
                +
              </button>
            </li>
          ))}
        </ul>
        <div className="widget-editor__bar" onDragOver={(event) => event.preventDefault()} onDrop={(event) => onDrop(event, draft.widgets.length)}>
          {draft.widgets.length === 0 ? <p className="muted">{t('widgetbars.editor.empty_bar')}</p> : null}
          <ol className="widget-editor__widgets">
            {draft.widgets.map((widget, index) => (
              <li
                key={`${index}-${widget.type}`}
                draggable
                onDragStart={(event) => event.dataTransfer.setData(INDEX_FORMAT, String(index))}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                className={draft.selected === index ? 'is-selected' : undefined}
                data-testid={`widgetbar-widget-${index}`}
              >
                <button type="button" className="button button--quiet" aria-pressed={draft.selected === index} onClick={() => dispatch({ type: 'select', index })}>
                  {t(`widgetbars.types.${widget.type}`)}
                </button>
                <button type="button" className="button button--quiet" aria-label={t('widgetbars.editor.move_up')} disabled={index === 0} onClick={() => dispatch({ type: 'move', from: index, to: index - 1 })}>
                  ↑
                </button>
                <button type="button" className="button button--quiet" aria-label={t('widgetbars.editor.move_down')} disabled={index === draft.widgets.length - 1} onClick={() => dispatch({ type: 'move', from: index, to: index + 1 })}>
                  ↓
                </button>
                <button type="button" className="button button--quiet" aria-label={t('widgetbars.editor.remove')} data-testid={`widgetbar-remove-${index}`} onClick={() => dispatch({ type: 'remove', index })}>
                  ✕
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button" disabled={save.isPending} onClick={() => void submit()} data-testid="widgetbar-save">
            {t('widgetbars.editor.save')}
          </button>
        </div>
        <div className="widget-editor__properties" data-testid="widget-properties">
          {selected && draft.selected !== null ? (
            Object.entries(selected.properties as Record<string, unknown>).map(([name, value]) => (
              <Property key={name} name={name} value={value} calendars={calendars.data?.calendars ?? []} onChange={(next) => dispatch({ type: 'set', index: draft.selected ?? 0, property: name, value: next })} />
            ))
          ) : (
            <p className="muted">{t('widgetbars.editor.select_hint')}</p>
          )}
        </div>
      </div>
    </div>
  );
};

/** /groups/{slug}/administration/widgetbars/{barSlug}/edit, inside the group's layout */
export const GroupWidgetBarEditPage = () => {
  const group = useOutletContext<GroupDetailDto>();
  const { barSlug = DASHBOARD_WIDGETBAR_SLUG } = useParams();
  return <GroupWidgetBarEditor groupId={group.id} barSlug={barSlug} mayEdit={group.can.edit_widgetbars} />;
};
