import {
  AppCreated,
  AppItemArchived,
  AppItemChanged,
  AppItemCreated,
  AppItemMoved,
  AppItemUnarchived,
  AppPropertyDefined,
  AppPropertyRemoved,
  DEFAULT_NETWORK_ID,
  emptyTagCatalogue,
  eventOf,
  foldTagCatalogue,
  htmlToText,
  isInternalProperty,
  TAG_CATALOGUE_EVENT_TYPES,
  tagCatalogueEventOf,
  withCurrentTags,
  type PropertyType,
  type TagCatalogue,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** what an item's search document is built from */
interface ItemFields {
  id: string;
  app_id: string;
  archived: boolean;
  author_id: string;
  created_at: string;
  /** the stored values by property id (JSON), so that a changed definition builds the text again; never searched */
  values_json: string;
}

/** An app's item as the global search finds it: the text of its text-like properties. */
export interface ItemSearchDocument extends ItemFields, SearchDocument {
  app_name: string;
  /** the value of the app's first text-like property (the item's title on its card) */
  name: string;
  text: string;
}

/** an app: its name and its text-like properties in order (never searched) */
export interface AppSearchDocument extends SearchDocument {
  id: string;
  name: string;
  /** `<property id>:<type>` of the text-like properties, in definition order */
  text_properties: string[];
}

/**
 * The network's tag catalogue as the search side folds it (contracts' foldTagCatalogue, as the tags read
 * model does), one document: an item's tags are indexed under their current names, and a rename, merge or
 * deletion indexes the items that hold the tag again. Never searched.
 */
export interface TagCatalogueSearchDocument extends SearchDocument {
  id: string;
  catalogue_json: string;
}

export const ITEMS_INDEX_DEFINITION = searchIndexDefinition<ItemSearchDocument>('items', {
  searchableAttributes: ['name', 'text', 'app_name'],
  filterableAttributes: ['id', 'app_id', 'archived'],
  sortableAttributes: ['created_at', 'name', 'id'],
});
export const APPS_INDEX_DEFINITION = searchIndexDefinition<AppSearchDocument>('_apps', { searchableAttributes: ['name'], filterableAttributes: ['id'] });

export const ITEM_TAGS_INDEX_DEFINITION = searchIndexDefinition<TagCatalogueSearchDocument>('_item_tags', { searchableAttributes: ['id'], filterableAttributes: ['id'] });

export type ItemsIndex = SearchCollection<ItemSearchDocument>;
export type ItemTagsIndex = SearchCollection<TagCatalogueSearchDocument>;
export type AppsIndex = SearchCollection<AppSearchDocument>;

/** the property types whose values are words (member ids, files, numbers and dates are not searched) */
const TEXT_TYPES: ReadonlySet<PropertyType> = new Set<PropertyType>(['text', 'html', 'email', 'url', 'tag', 'address']);

/** every string in a stored value (an address's parts, a tag list), rich text (html, multiline text) as its text */
const wordsOf = (value: unknown, type: string): string[] => {
  if (typeof value === 'string') return value.trim() === '' ? [] : [type === 'html' || type === 'text' ? htmlToText(value) : value];
  if (Array.isArray(value)) return value.flatMap((item) => wordsOf(item, type));
  if (value !== null && typeof value === 'object') {
    // a tag is its name (its id is no word)
    if (type === 'tag') return wordsOf((value as { name?: unknown }).name, type);
    return Object.values(value).flatMap((item) => wordsOf(item, type));
  }
  return [];
};

const definitions = [AppCreated, AppPropertyDefined, AppPropertyRemoved, AppItemCreated, AppItemChanged, AppItemMoved, AppItemArchived, AppItemUnarchived] as const;

/** the items (`<app id>/<item id>`) whose tag properties hold the tag */
const holdersOf = (catalogue: TagCatalogue, tagId: string): string[] =>
  Object.entries(catalogue.item_tags).flatMap(([key, properties]) => (Object.values(properties).some((ids) => ids.includes(tagId)) ? [key] : []));

export const itemsIndexing = (items: ItemsIndex, apps: AppsIndex, itemTags: ItemTagsIndex): Indexing => {
  // the catalogue of this batch (the indexing is built per batch): read once, written when an event changed it
  let catalogue: TagCatalogue | null = null;
  const loadCatalogue = async (): Promise<TagCatalogue> => {
    if (catalogue === null) {
      const stored = await findById(itemTags, DEFAULT_NETWORK_ID);
      catalogue = stored ? (JSON.parse(stored.catalogue_json) as TagCatalogue) : emptyTagCatalogue();
    }
    return catalogue;
  };
  const build = (doc: ItemFields, app: AppSearchDocument | null, tags: TagCatalogue): ItemSearchDocument => {
    const properties = (app?.text_properties ?? []).map((entry) => ({ id: entry.slice(0, entry.lastIndexOf(':')), type: entry.slice(entry.lastIndexOf(':') + 1) }));
    const values = withCurrentTags(tags, doc.app_id, doc.id, properties, JSON.parse(doc.values_json) as Record<string, unknown>);
    const texts = (app?.text_properties ?? []).map((entry) => {
      const [id = '', type = ''] = entry.split(':');
      return wordsOf(values[id], type).join(' ');
    });
    return { ...doc, app_name: app?.name ?? '', name: texts.find((value) => value !== '') ?? '', text: texts.filter((value) => value !== '').join(' ') };
  };
  const rebuildApp = async (appId: string): Promise<void> => {
    const app = await findById(apps, appId);
    const found = await allMatching(items, { app_id: appId });
    const tags = await loadCatalogue();
    const current = (await Promise.all(found.map((doc) => findById(items, doc.id)))).flatMap((doc) => (doc ? [build(doc, app, tags)] : []));
    if (current.length > 0) await items.upsert(current);
  };
  const changeValues = async (itemId: string, changed: Record<string, unknown>): Promise<void> => {
    const doc = await findById(items, itemId);
    if (!doc) return;
    const values = { ...(JSON.parse(doc.values_json) as Record<string, unknown>), ...changed };
    await items.upsert([build({ ...doc, values_json: JSON.stringify(values) }, await findById(apps, doc.app_id), await loadCatalogue())]);
  };
  /** folds a catalogue event in; answers the items whose tags a rename, merge or deletion changed */
  const foldTags = async (recorded: Parameters<Indexing['handle']>[0]): Promise<string[]> => {
    const event = tagCatalogueEventOf(recorded);
    if (event === null) return [];
    const before = await loadCatalogue();
    const after = foldTagCatalogue(before, event, recorded.recordedAt);
    if (after === before) return [];
    catalogue = after;
    await itemTags.upsert([{ id: DEFAULT_NETWORK_ID, catalogue_json: JSON.stringify(after) }]);
    return event.type === 'TagRenamed' || event.type === 'TagsMerged' || event.type === 'TagDeleted' ? holdersOf(before, event.data.tag_id) : [];
  };
  const reindex = async (keys: readonly string[]): Promise<void> => {
    const tags = await loadCatalogue();
    const rebuilt: ItemSearchDocument[] = [];
    for (const key of keys) {
      const doc = await findById(items, key.slice(key.indexOf('/') + 1));
      if (doc) rebuilt.push(build(doc, await findById(apps, doc.app_id), tags));
    }
    if (rebuilt.length > 0) await items.upsert(rebuilt);
  };
  return {
    eventTypes: [...new Set([...definitions.map((definition) => definition.type), ...TAG_CATALOGUE_EVENT_TYPES])],
    handle: async (recorded) => {
      const retagged = await foldTags(recorded);
      if (retagged.length > 0) await reindex(retagged);
      const event = eventOf(definitions, recorded);
      if (event === null) return;
      switch (event.type) {
        case 'AppCreated': {
          const current = await findById(apps, event.data.app_id);
          await apps.upsert([{ id: event.data.app_id, name: event.data.name, text_properties: current?.text_properties ?? [] }]);
          await rebuildApp(event.data.app_id);
          return;
        }
        case 'AppPropertyDefined':
        case 'AppPropertyRemoved': {
          const app = (await findById(apps, event.data.app_id)) ?? { id: event.data.app_id, name: event.data.app_id, text_properties: [] };
          const propertyId = event.type === 'AppPropertyDefined' ? event.data.property.id : event.data.property_id;
          const others = app.text_properties.filter((entry) => entry.slice(0, entry.lastIndexOf(':')) !== propertyId);
          const at = app.text_properties.findIndex((entry) => entry.slice(0, entry.lastIndexOf(':')) === propertyId);
          let next = others;
          // internal tags are searched by nobody: a hit's text would show them to every reader
          if (event.type === 'AppPropertyDefined' && TEXT_TYPES.has(event.data.property.type) && !isInternalProperty(event.data.property)) {
            const entry = `${propertyId}:${event.data.property.type}`;
            next = at === -1 ? [...others, entry] : [...others.slice(0, at), entry, ...others.slice(at)];
          }
          await apps.upsert([{ ...app, text_properties: next }]);
          await rebuildApp(event.data.app_id);
          return;
        }
        case 'AppItemCreated':
          await items.upsert([
            build(
              {
                id: event.data.item_id,
                app_id: event.data.app_id,
                archived: false,
                author_id: event.data.author_id,
                created_at: recorded.metadata.occurredAt,
                values_json: JSON.stringify(event.data.values),
              },
              await findById(apps, event.data.app_id),
              await loadCatalogue(),
            ),
          ]);
          return;
        case 'AppItemChanged':
          await changeValues(event.data.item_id, event.data.values);
          return;
        case 'AppItemMoved':
          await changeValues(event.data.item_id, { [event.data.property_id]: event.data.value });
          return;
        case 'AppItemArchived':
        case 'AppItemUnarchived': {
          const doc = await findById(items, event.data.item_id);
          if (doc) await items.upsert([{ ...doc, archived: event.type === 'AppItemArchived' }]);
          return;
        }
      }
    },
  };
};

export const itemHitUrl = (doc: ItemSearchDocument): string => `/apps/${encodeURIComponent(doc.app_id)}/items/${encodeURIComponent(doc.id)}`;
