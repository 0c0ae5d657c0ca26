import { CHANNEL_ROW_LAYOUTS, CHANNEL_ROW_WIDTHS, type ChannelDto, type ChannelRow, type ChannelRowLayout, type WidgetDto } from '@cn/contracts';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useToasts } from '../toasts/Toasts';
import { channelPath } from './ChannelPage';
import { ChannelEditorPage } from './ChannelEditorPage';
import { useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { addRow, clearCell, moveRow, placeWidget, removeRow, unplaced, withLayout } from './layout-editing';

const DRAG_TYPE = 'application/x-channel-widget';

const WidgetChip = ({ widget, label }: { widget: WidgetDto; label: string }) => (
  <span
    className="layout-chip"
    draggable
    data-testid={`layout-chip-${widget.id}`}
    onDragStart={(event) => {
      event.dataTransfer.setData(DRAG_TYPE, widget.id);
      event.dataTransfer.effectAllowed = 'move';
    }}
  >
    {label}
  </span>
);

const LayoutEditor = ({ channel }: { channel: ChannelDto }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const commands = useChannelCommands();
  const refusal = useRefusal();
  const [rows, setRows] = useState<ChannelRow[]>(channel.layout);
  const [newLayout, setNewLayout] = useState<ChannelRowLayout>('full');
  const [over, setOver] = useState<string | null>(null);
  const byId = new Map(channel.widgets.map((widget) => [widget.id, widget]));
  const labelOf = (widget: WidgetDto) => widget.title || t(`channels.widget_types.${widget.type}`);
  const free = unplaced(rows, channel.widgets.map((widget) => widget.id));

  const drop = (event: DragEvent, target: { row: number; cell: number }) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    if (byId.has(id)) setRows(placeWidget(rows, id, target));
  };

  const save = async () => {
    try {
      await commands.layout.mutateAsync({ slug: channel.slug, request: { rows } });
      toasts.show('success', 'channels.saved');
      void navigate(channelPath(channel.slug));
    } catch (error) {
      toasts.show('error', refusal.generalOf(error));
    }
  };

  return (
    <div className="layout-editor" data-testid="layout-editor">
      <p className="muted">{t('channels.layout.hint')}</p>
      <div className="layout-editor__free" data-testid="layout-unplaced">
        <h2>{t('channels.layout.unplaced')}</h2>
        {free.length === 0 ? <p className="muted">{t('channels.layout.all_placed')}</p> : null}
        {free.map((id) => {
          const widget = byId.get(id);
          return widget ? <WidgetChip key={id} widget={widget} label={labelOf(widget)} /> : null;
        })}
      </div>
      {rows.map((row, r) => (
        <div key={r} className="layout-row" data-testid="layout-row">
          <div className="layout-row__tools">
            <label className="visually-hidden" htmlFor={`row-layout-${r}`}>
              {t('channels.layout.row_layout')}
            </label>
            <select id={`row-layout-${r}`} value={row.layout} onChange={(event) => setRows(withLayout(rows, r, event.target.value as ChannelRowLayout))}>
              {CHANNEL_ROW_LAYOUTS.map((layout) => (
                <option key={layout} value={layout}>
                  {t(`channels.layout.layouts.${layout}`)}
                </option>
              ))}
            </select>
            <button type="button" className="button button--quiet" disabled={r === 0} onClick={() => setRows(moveRow(rows, r, -1))} aria-label={t('channels.layout.move_up')}>
              ↑
            </button>
            <button type="button" className="button button--quiet" disabled={r === rows.length - 1} onClick={() => setRows(moveRow(rows, r, 1))} aria-label={t('channels.layout.move_down')}>
              ↓
            </button>
            <button type="button" className="button button--quiet" onClick={() => setRows(removeRow(rows, r))}>
              {t('channels.layout.remove_row')}
            </button>
          </div>
          <div className="layout-row__cells">
            {row.widgets.map((id, c) => {
              const key = `${r}:${c}`;
              const widget = id === null ? undefined : byId.get(id);
              return (
                <div
                  key={c}
                  className={`layout-cell${over === key ? ' layout-cell--over' : ''}`}
                  style={{ gridColumn: `span ${CHANNEL_ROW_WIDTHS[row.layout][c] ?? 3}` }}
                  data-testid="layout-cell"
                  onDragOver={(event) => {
                    event.preventDefault();
                    setOver(key);
                  }}
                  onDragLeave={() => setOver(null)}
                  onDrop={(event) => drop(event, { row: r, cell: c })}
                >
                  {widget ? <WidgetChip widget={widget} label={labelOf(widget)} /> : <span className="muted">{t('channels.layout.drop_here')}</span>}
                  <label className="visually-hidden" htmlFor={`cell-${key}`}>
                    {t('channels.layout.cell_widget')}
                  </label>
                  <select
                    id={`cell-${key}`}
                    className="layout-cell__select"
                    value={id ?? ''}
                    onChange={(event) => setRows(event.target.value ? placeWidget(rows, event.target.value, { row: r, cell: c }) : clearCell(rows, { row: r, cell: c }))}
                  >
                    <option value="">{t('channels.layout.empty_cell')}</option>
                    {channel.widgets.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {labelOf(candidate)}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </div>
        </div>
      ))}
      <div className="layout-editor__add">
        <label htmlFor="new-row-layout">{t('channels.layout.new_row')}</label>
        <select id="new-row-layout" value={newLayout} onChange={(event) => setNewLayout(event.target.value as ChannelRowLayout)}>
          {CHANNEL_ROW_LAYOUTS.map((layout) => (
            <option key={layout} value={layout}>
              {t(`channels.layout.layouts.${layout}`)}
            </option>
          ))}
        </select>
        <button type="button" className="button button--quiet" onClick={() => setRows(addRow(rows, newLayout))} data-testid="add-row">
          {t('channels.layout.add_row')}
        </button>
      </div>
      <div className="form-actions">
        <button type="button" className="button" disabled={commands.layout.isPending} onClick={() => void save()} data-testid="save-layout">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={channelPath(channel.slug)}>
          {t('common.cancel')}
        </Link>
      </div>
    </div>
  );
};

/** /channels/:slug/layout/edit: rows and their cells, widgets placed by drag and drop (or a choice per cell). */
export const LayoutEditPage = () => (
  <ChannelEditorPage title="channels.layout.title" testId="channel-layout">
    {(channel) => <LayoutEditor channel={channel} />}
  </ChannelEditorPage>
);
