import { fieldTypeOf, layoutRows, type AppDto, type FileValue, type ImageValue, type ItemDto, type PropertyDefinition, type RelationValue } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { RichText } from '../channels/RichText';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { useAppCommand, useItem } from './apps-queries';
import { useErrorText } from './FieldInput';
import './apps.css';
import { TaskMarks } from '../tasks/TaskMarks';

/** One property's value as text; membership as names; an unknown type says so instead of guessing. */
const DisplayValue = ({ property, item, members }: { property: PropertyDefinition; item: ItemDto; members: Record<string, string> }) => {
  const { t } = useTranslation();
  if (!fieldTypeOf(property.type)) return <span className="muted">{t('apps.item.unknown_property_type')}</span>;
  if (property.type === 'membership') {
    const ids = (item.values[property.name] as string[] | undefined) ?? [];
    return <>{ids.map((id) => members[id] ?? t('apps.form.unknown_member')).join(', ')}</>;
  }
  if (property.type === 'url') {
    const link = item.values[property.name] as { url: string; text: string } | null;
    return link ? (
      <a href={link.url} rel="noopener noreferrer" target="_blank">
        {link.text || link.url}
      </a>
    ) : null;
  }
  if (property.type === 'relation') {
    const relations = (item.values[property.name] as RelationValue[] | undefined) ?? [];
    return (
      <>
        {relations.map((relation, index) => (
          <span key={`${relation.app}:${relation.id}`}>
            {index > 0 && ', '}
            <Link to={`/apps/${relation.app}/items/${relation.id}`}>{relation.displayValue || relation.id}</Link>
          </span>
        ))}
      </>
    );
  }
  if (property.type === 'file') {
    const file = item.values[property.name] as FileValue | null;
    return file ? <Link to={`/files/${file.id}`}>{item.display_values[property.name]}</Link> : null;
  }
  if (property.type === 'image') {
    const image = item.values[property.name] as ImageValue | null;
    if (!image) return null;
    return image.thumbnailUrl ? <img src={image.thumbnailUrl} alt={image.name} width={200} height={200} className="apps-image" /> : <>{image.name}</>;
  }
  if (property.type === 'html' || (property.type === 'text' && property.multiline)) {
    // rich text the server sanitised, shown through the allowed elements only (never as markup)
    const html = item.values[property.name];
    return typeof html === 'string' && html !== '' ? <RichText html={html} /> : null;
  }
  if (property.type === 'email' && item.display_values[property.name]) return <a href={`mailto:${item.display_values[property.name]}`}>{item.display_values[property.name]}</a>;
  return <>{item.display_values[property.name] ?? ''}</>;
};

const Entry = ({ property, item, members, showLabel }: { property: PropertyDefinition; item: ItemDto; members: Record<string, string>; showLabel: boolean }) => {
  if (property.type === 'headline') return <h3 className="apps-headline">{property.label}</h3>;
  if (fieldTypeOf(property.type)?.displayOnly) return null;
  return (
    <div className="apps-value" data-testid={`value-${property.name}`}>
      {showLabel && <dt>{property.label}</dt>}
      <dd>
        <DisplayValue property={property} item={item} members={members} />
      </dd>
    </div>
  );
};

/** The item layout: auto (all properties in order) or custom tabs whose rows hold the columns a, b, c, d. */
const ItemLayoutView = ({ app, item, members }: { app: AppDto; item: ItemDto; members: Record<string, string> }) => {
  const [tab, setTab] = useState(0);
  const byName = new Map(app.properties.map((property) => [property.name, property]));
  if (app.layout.type !== 'custom' || app.layout.tabs.length === 0) {
    return (
      <dl className="apps-values">
        {app.properties.map((property) => (
          <Entry key={property.id} property={property} item={item} members={members} showLabel />
        ))}
      </dl>
    );
  }
  const current = app.layout.tabs[Math.min(tab, app.layout.tabs.length - 1)];
  return (
    <div>
      {app.layout.tabs.length > 1 && (
        <div className="tabs" role="tablist">
          {app.layout.tabs.map((entry, index) => (
            <button key={entry.name} type="button" role="tab" aria-selected={index === tab} className={`tab${index === tab ? ' tab--active' : ''}`} onClick={() => setTab(index)}>
              {entry.name}
            </button>
          ))}
        </div>
      )}
      {layoutRows(current.layout).map((row) => (
        <div key={row.join('')} className="apps-layout-row" style={{ gridTemplateColumns: `repeat(${row.length}, 1fr)` }}>
          {row.map((column) => (
            <dl key={column} className="apps-values">
              {current.columns[column].map((entry) => {
                const property = byName.get(entry.name);
                return property ? <Entry key={entry.name} property={property} item={item} members={members} showLabel={entry.show_label} /> : null;
              })}
            </dl>
          ))}
        </div>
      ))}
    </div>
  );
};

/** /apps/{app}/items/{id}: the item's values in the app's layout, with edit, archive and restore as its can allows. */
export const ItemPage = () => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toasts = useToasts();
  const { app: slug = '', id = '' } = useParams();
  const item = useItem(slug, id);
  const archive = useAppCommand(slug, (api, archived: boolean) => api.archive(slug, id, archived));
  usePageTitle('apps.item.title');
  if (!item.data) return <LoadStatus load={loadOf(item)} onRetry={() => void item.refetch()} testId="item" />;
  const { app, item: current, members, mark } = item.data;
  const setArchived = (archived: boolean) =>
    archive.mutate(archived, {
      onSuccess: () => toasts.show('success', t(archived ? 'apps.item.archived_toast' : 'apps.item.restored_toast')),
      onError: (error) => toasts.show('error', errorText(error instanceof Error && 'key' in error ? String((error as { key: unknown }).key) : 'generic_error')),
    });
  return (
    <section className="apps-page">
      <p>
        <Link to={`/apps/${slug}${current.archived ? '/items/archive' : ''}`}>{t('apps.item.back', { app: app.name })}</Link>
      </p>
      {current.archived && <p className="alert" data-testid="item-archived">{t('apps.item.is_archived')}</p>}
      <ItemLayoutView app={app} item={current} members={members} />
      <TaskMarks appId={slug} itemId={id} mark={mark} withNote />
      <div className="form-actions">
        {current.can.update && (
          <Link className="button button--primary" to={`/apps/${slug}/items/${id}/edit`}>
            {t('apps.item.edit')}
          </Link>
        )}
        {current.can.archive && (
          <button type="button" className="button" disabled={archive.isPending} onClick={() => setArchived(!current.archived)}>
            {t(current.archived ? 'apps.item.restore' : 'apps.item.archive')}
          </button>
        )}
      </div>
    </section>
  );
};
