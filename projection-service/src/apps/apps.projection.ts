import { AppCreated, AppItemArchived, AppItemChanged, AppItemCreated, AppItemMoved, AppItemUnarchived, AppLayoutChanged, AppPropertyDefined, AppPropertyRemoved, AppTeaserTemplateChanged, AppEmailIntegrationsChanged, type AppsEvent, type EmailIntegration, type ItemLayout, type PropertyDefinition } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** An app's definition: the property-set editor's, the forms' and the wall's source. */
export interface AppDocument extends ProjectedDocument {
  name: string;
  description: string;
  properties: PropertyDefinition[];
  layout: ItemLayout;
  /** the activity teaser template ('' : none; absent in documents projected before it existed) */
  teaser_template?: string;
  /** the mails on assign and unassign (absent in documents projected before they existed) */
  email_integrations?: EmailIntegration[];
}

/** One item: values by property id as the log keeps them (read under the current definitions). */
export interface AppItemDocument extends ProjectedDocument {
  app_id: string;
  author_id: string;
  archived: boolean;
  values: Record<string, unknown>;
  /** the item stream's revision: the move's and the edit's expected revision */
  revision: number;
  created_at: string;
}

/** The wall's card order of one app, in the log's order of creations and moves. */
export interface AppBoardDocument extends ProjectedDocument {
  order: string[];
}

const typed = (recorded: { type: string; data: unknown }): AppsEvent => recorded as AppsEvent;

export const APP_DEFINITION_EVENTS = [AppCreated.type, AppPropertyDefined.type, AppPropertyRemoved.type, AppLayoutChanged.type, AppTeaserTemplateChanged.type, AppEmailIntegrationsChanged.type];
export const APP_ITEM_EVENTS = [AppItemCreated.type, AppItemChanged.type, AppItemMoved.type, AppItemArchived.type, AppItemUnarchived.type];

export const appsProjection: Projection<AppDocument> = {
  name: 'apps',
  // 2: the email integrations; 3: definitions carry tag_parents and internal
  version: 3,
  eventTypes: APP_DEFINITION_EVENTS,
  documentIds: (recorded) => [(recorded.data as { app_id: string }).app_id],
  evolve: (doc, recorded, id) => {
    const event = typed(recorded);
    const current: Pick<AppDocument, '_id' | 'name' | 'description' | 'properties' | 'layout' | 'teaser_template' | 'email_integrations'> = doc ?? { _id: id, name: '', description: '', properties: [], layout: { type: 'auto', tabs: [] } };
    switch (event.type) {
      case 'AppCreated':
        return { ...current, name: event.data.name, description: event.data.description };
      case 'AppPropertyDefined': {
        const { property } = event.data;
        const known = current.properties.some((other) => other.id === property.id);
        return { ...current, properties: known ? current.properties.map((other) => (other.id === property.id ? property : other)) : [...current.properties, property] };
      }
      case 'AppPropertyRemoved':
        return { ...current, properties: current.properties.filter((property) => property.id !== event.data.property_id) };
      case 'AppLayoutChanged':
        return { ...current, layout: event.data.layout };
      case 'AppTeaserTemplateChanged':
        return { ...current, teaser_template: event.data.teaser_template };
      case 'AppEmailIntegrationsChanged':
        return { ...current, email_integrations: event.data.email_integrations };
      default:
        return doc;
    }
  },
};

export const appItemsProjection: Projection<AppItemDocument> = {
  name: 'app_items',
  version: 1,
  eventTypes: APP_ITEM_EVENTS,
  documentIds: (recorded) => [(recorded.data as { item_id: string }).item_id],
  evolve: (doc, recorded, id) => {
    const event = typed(recorded);
    if (event.type === 'AppItemCreated')
      return { _id: id, app_id: event.data.app_id, author_id: event.data.author_id, archived: false, values: event.data.values, revision: recorded.revision, created_at: recorded.recordedAt };
    if (!doc) return null;
    const next = { ...doc, revision: recorded.revision };
    switch (event.type) {
      case 'AppItemChanged':
        return { ...next, values: { ...doc.values, ...event.data.values } };
      case 'AppItemMoved':
        return { ...next, values: { ...doc.values, [event.data.property_id]: event.data.value === null ? [] : [event.data.value] } };
      case 'AppItemArchived':
        return { ...next, archived: true };
      case 'AppItemUnarchived':
        return { ...next, archived: false };
      default:
        return doc;
    }
  },
  indexes: [['app_id']],
};

/** `insert_after_id` places a card right after another (null: first); an unknown one puts it last. */
export const placeAfter = (order: readonly string[], itemId: string, insertAfterId: string | null): string[] => {
  const rest = order.filter((id) => id !== itemId);
  if (insertAfterId === null) return [itemId, ...rest];
  const at = rest.indexOf(insertAfterId);
  return at < 0 ? [...rest, itemId] : [...rest.slice(0, at + 1), itemId, ...rest.slice(at + 1)];
};

export const appBoardsProjection: Projection<AppBoardDocument> = {
  name: 'app_boards',
  version: 1,
  eventTypes: [AppItemCreated.type, AppItemMoved.type],
  documentIds: (recorded) => [(recorded.data as { app_id: string }).app_id],
  evolve: (doc, recorded, id) => {
    const event = typed(recorded);
    const order = doc?.order ?? [];
    if (event.type === 'AppItemCreated') return { _id: id, order: order.includes(event.data.item_id) ? order : [...order, event.data.item_id] };
    if (event.type === 'AppItemMoved') return { _id: id, order: placeAfter(order, event.data.item_id, event.data.insert_after_id) };
    return doc;
  },
};
