import type { ItemDto, TagValue, WallResponse } from '@cn/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { appsKeys, useAppsApi, useLocale, useWall } from './apps-queries';
import { useErrorText } from './FieldInput';
import { insertAfterFor, withPendingMove, type PendingMove } from './wall-order';
import { WALL_PAGE_SIZE } from '@cn/contracts';
import './apps.css';

const DRAG_TYPE = 'application/x-cn-app-item';

const Card = ({
  slug,
  item,
  title,
  wall,
  onDragStart,
  onDropOn,
  onMoveTo,
}: {
  slug: string;
  item: ItemDto;
  title: string;
  wall: WallResponse;
  onDragStart: (item: ItemDto) => void;
  onDropOn: (event: DragEvent, target: ItemDto) => void;
  onMoveTo: (item: ItemDto, value: string | null) => void;
}) => {
  const { t } = useTranslation();
  const assignees = wall.app.properties
    .filter((property) => property.type === 'membership')
    .flatMap((property) => (item.values[property.name] as string[] | undefined) ?? []);
  // the card's tags as the server answered them (internal ones only for those who may see them), each a filter
  const tags = wall.app.properties
    .filter((property) => property.type === 'tag')
    .flatMap((property) => (item.values[property.name] as TagValue[] | undefined) ?? [])
    .filter((tag, index, all) => all.findIndex((other) => other.name.toLowerCase() === tag.name.toLowerCase()) === index);
  const column = wall.app.column_property;
  const current = column ? ((item.values[column] as string[] | undefined)?.[0] ?? '') : '';
  return (
    <li
      className={`apps-card${item.can.move ? ' apps-card--movable' : ''}`}
      data-testid={`card-${item.id}`}
      draggable={item.can.move}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, item.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(item);
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => onDropOn(event, item)}
    >
      <Link to={`/apps/${slug}/items/${item.id}`} className="apps-card__title">
        {title || t('apps.wall.untitled')}
      </Link>
      {assignees.length > 0 && (
        <p className="apps-card__assignees">
          {assignees.map((id) => (
            <Link key={id} to={`/apps/${slug}?assignee_id=${encodeURIComponent(id)}`} className="apps-chip">
              {wall.members[id] ?? t('apps.form.unknown_member')}
            </Link>
          ))}
        </p>
      )}
      {tags.length > 0 && (
        <p className="apps-card__tags" data-testid={`card-tags-${item.id}`}>
          {tags.map((tag) => (
            <Link key={tag.name} to={`/apps/${slug}?tag=${encodeURIComponent(tag.name)}`} className="apps-chip">
              {tag.name}
            </Link>
          ))}
        </p>
      )}
      {item.can.move && (
        <label className="apps-card__move">
          <span className="visually-hidden">{t('apps.wall.move_to')}</span>
          <select aria-label={t('apps.wall.move_to')} value={current} onChange={(event) => onMoveTo(item, event.target.value === '' ? null : event.target.value)}>
            <option value="" disabled={wall.app.properties.find((property) => property.name === column)?.required === true}>
              {t('apps.wall.unassigned_option')}
            </option>
            {wall.columns.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </li>
  );
};

/** the card's title: its first text-like display value */
const titleOf = (wall: WallResponse, item: ItemDto): string => {
  const property = wall.app.properties.find((entry) => entry.type === 'text') ?? wall.app.properties.find((entry) => entry.name !== wall.app.column_property);
  return property ? (item.display_values[property.name] ?? '') : '';
};

/**
 * /apps/{app}: the kanban wall. One column per option of the column property; cards move by drag and drop
 * (or the card's 'move to' choice) at once on the screen, then on the server with the card's revision.
 * When someone else changed the card meanwhile (409) the wall reads it again and the move is sent once
 * more on the new revision: both members' moves land, in order, none is lost silently.
 */
export const WallPage = ({ archived = false }: { archived?: boolean }) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toasts = useToasts();
  const { app: slug = '' } = useParams();
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const assignee = params.get('assignee_id') ?? '';
  const [limit, setLimit] = useState(WALL_PAGE_SIZE);
  const wall = useWall(slug, { tag, assignee_id: assignee, archived, limit });
  const api = useAppsApi();
  const locale = useLocale();
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [dragged, setDragged] = useState<ItemDto | null>(null);
  usePageTitle(archived ? 'apps.wall.archive_title' : 'apps.wall.title', { app: wall.data?.app.name ?? '' });

  if (!wall.data) return <LoadStatus load={loadOf(wall)} onRetry={() => void wall.refetch()} testId="wall" />;
  const shown = withPendingMove(wall.data, pending);
  const { app } = shown;
  const columnProperty = app.properties.find((property) => property.name === app.column_property);

  const move = async (item: ItemDto, value: string | null, insertAfterId: string | null) => {
    setPending({ id: item.id, value, insert_after_id: insertAfterId });
    const send = (revision: number) => api.move(slug, item.id, { value, insert_after_id: insertAfterId, revision });
    try {
      try {
        await send(item.revision);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const fresh = await api.item(slug, item.id, locale);
        await send(fresh.item.revision);
      }
    } catch (error) {
      toasts.show('error', errorText(error instanceof ApiError ? error.key : 'generic_error'));
    } finally {
      await client.invalidateQueries({ queryKey: appsKeys.app(slug) });
      setPending(null);
    }
  };

  const dropInto = (event: DragEvent, value: string | null, items: readonly ItemDto[], target: ItemDto | null) => {
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const card = dragged?.id === id ? dragged : null;
    setDragged(null);
    if (!card) return;
    event.preventDefault();
    event.stopPropagation();
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const lowerHalf = target === null || event.clientY > box.top + box.height / 2;
    void move(card, value, insertAfterFor(items, card.id, target?.id ?? null, lowerHalf));
  };

  const allowDrop = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };

  const cards = (items: readonly ItemDto[], value: string | null) =>
    items.map((item) => (
      <Card
        key={item.id}
        slug={slug}
        item={item}
        title={titleOf(shown, item)}
        wall={shown}
        onDragStart={setDragged}
        onDropOn={(event, target) => dropInto(event, value, items, target)}
        onMoveTo={(card, target) => {
          const column = target === null ? shown.unassigned : (shown.columns.find((entry) => entry.value === target)?.items ?? []);
          void move(card, target, column.filter((entry) => entry.id !== card.id).at(-1)?.id ?? null);
        }}
      />
    ));

  return (
    <section className="apps-page apps-wall-page">
      <header className="apps-wall__header">
        <h1>{archived ? t('apps.wall.archive_title', { app: app.name }) : app.name}</h1>
        <nav className="apps-wall__actions">
          {archived ? <Link to={`/apps/${slug}`}>{t('apps.wall.back_to_wall')}</Link> : <Link to={`/apps/${slug}/items/archive`}>{t('apps.wall.archive_link')}</Link>}
          {app.can.create_item && !archived && (
            <Link className="button button--primary" to={`/apps/${slug}/items/new`}>
              {t('apps.wall.new_item')}
            </Link>
          )}
        </nav>
      </header>
      {(tag || assignee) && (
        <p className="apps-wall__filters" data-testid="wall-filter">
          {tag && t('apps.wall.filter_tag', { tag })}
          {assignee && t('apps.wall.filter_assignee', { name: shown.members[assignee] ?? t('apps.form.unknown_member') })} <Link to={`/apps/${slug}${archived ? '/items/archive' : ''}`}>{t('apps.wall.clear_filter')}</Link>
        </p>
      )}
      {!columnProperty && (
        <p className="alert" data-testid="no-columns">
          {t('apps.wall.no_columns')}
        </p>
      )}
      {columnProperty && shown.unassigned.length > 0 && (
        <div className="alert alert--warning apps-unassigned" data-testid="unassigned" onDragOver={allowDrop} onDrop={(event) => dropInto(event, null, shown.unassigned, null)}>
          <p>{t('apps.wall.unassigned', { count: shown.unassigned.length, property: columnProperty.label })}</p>
          <ul className="apps-cards">{cards(shown.unassigned, null)}</ul>
        </div>
      )}
      {!columnProperty && shown.unassigned.length > 0 && <ul className="apps-cards">{cards(shown.unassigned, null)}</ul>}
      <div className="apps-wall" style={{ gridTemplateColumns: `repeat(${Math.max(shown.columns.length, 1)}, minmax(14rem, 1fr))` }}>
        {shown.columns.map((column) => (
          <section key={column.value} className="apps-column" data-testid={`column-${column.value}`} onDragOver={allowDrop} onDrop={(event) => dropInto(event, column.value, column.items, null)}>
            <h2 className="apps-column__title">
              {column.label} <span className="muted">{column.total}</span>
            </h2>
            <ul className="apps-cards">{cards(column.items, column.value)}</ul>
            {column.items.length === 0 && <p className="muted apps-column__empty">{t('apps.wall.empty_column')}</p>}
            {column.next && (
              <button type="button" className="button button--quiet" onClick={() => setLimit((current) => current * 2)}>
                {t('apps.wall.load_more')}
              </button>
            )}
          </section>
        ))}
      </div>
    </section>
  );
};
