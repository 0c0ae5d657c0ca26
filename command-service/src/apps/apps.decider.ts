import { appItemAbilities, columnPropertyOf, emailIntegrationErrors, itemMentionedIds, propertyTagParents, tagParentIssues, type EmailIntegration, teaserPlaceholderNames, teaserPlaceholders, type AppEvent, type AppItemEvent, type AppViewer, type ItemLayout, type PropertyDefinition, type TemplatePart } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** An app's definition, folded from its stream. */
export interface AppState {
  exists: boolean;
  name: string;
  properties: PropertyDefinition[];
  layout: ItemLayout | null;
  teaser_template: string;
  email_integrations: EmailIntegration[];
}

export type AppCommand =
  | { type: 'CreateApp'; app_id: string; name: string; description: string }
  /**
   * `tag_properties`: the tag properties of the other apps by app id (the network's tag catalogue), the tag
   * parents a property may name; `internal_properties` the internal ones among them, `tag_groups` the tag
   * parents each tag property of the network names (`<app id>/<property id>` → its tag_parents)
   */
  | {
      type: 'DefineProperty';
      app_id: string;
      property: PropertyDefinition;
      tag_properties?: Readonly<Record<string, readonly string[]>>;
      internal_properties?: Readonly<Record<string, readonly string[]>>;
      tag_groups?: Readonly<Record<string, readonly string[]>>;
    }
  | { type: 'RemoveProperty'; app_id: string; property_id: string }
  | { type: 'ChangeLayout'; app_id: string; layout: ItemLayout }
  | { type: 'ChangeTeaserTemplate'; app_id: string; teaser_template: string }
  | { type: 'ChangeEmailIntegrations'; app_id: string; email_integrations: EmailIntegration[] };

export const evolveApp = (state: AppState, event: AppEvent): AppState => {
  switch (event.type) {
    case 'AppCreated':
      return { ...state, exists: true, name: event.data.name };
    case 'AppPropertyDefined': {
      const known = state.properties.some((property) => property.id === event.data.property.id);
      return {
        ...state,
        properties: known ? state.properties.map((property) => (property.id === event.data.property.id ? event.data.property : property)) : [...state.properties, event.data.property],
      };
    }
    case 'AppPropertyRemoved':
      return { ...state, properties: state.properties.filter((property) => property.id !== event.data.property_id) };
    case 'AppLayoutChanged':
      return { ...state, layout: event.data.layout };
    case 'AppTeaserTemplateChanged':
      return { ...state, teaser_template: event.data.teaser_template };
    case 'AppEmailIntegrationsChanged':
      return { ...state, email_integrations: event.data.email_integrations };
    default:
      return state;
  }
};

/** what the network's tag catalogue tells a property definition about the other apps' tag properties */
interface OtherTagProperties {
  tag_properties: Readonly<Record<string, readonly string[]>>;
  internal_properties: Readonly<Record<string, readonly string[]>>;
  tag_groups: Readonly<Record<string, readonly string[]>>;
}

/**
 * A tag property's tag parents name other tag properties (of this app, or of another as the catalogue
 * knows them), never itself; internal tags need tag parents (§5); other types name neither. A property
 * that is not internal never names an internal one as its group (`internal_tag_parent`): its choices would
 * be the tags used under the internal one, so an external member would learn which tags those are from
 * what is taken and refused. For the same reason a property is not made internal while a property that is
 * not internal names it as its group (`internal: public_tag_group`). An internal property may name a public
 * group (its choices are the group's public tags, docs/APPS.md).
 */
const tagOptionsChecked = (appId: string, property: PropertyDefinition, state: AppState, others: OtherTagProperties): void => {
  const parents = propertyTagParents(property);
  if (property.type !== 'tag') {
    if (parents.length > 0) throw new DomainError('invalid_value', 'invalid', 'tag_parents');
    if (property.internal) throw new DomainError('invalid_value', 'invalid', 'internal');
    return;
  }
  if (property.internal && parents.length === 0) throw new DomainError('required', 'invalid', 'tag_parents');
  const tagPropertiesOf = (id: string): readonly string[] =>
    id === appId ? state.properties.filter((other) => other.type === 'tag' && other.id !== property.id).map((other) => other.id) : (others.tag_properties[id] ?? []);
  const [issue] = tagParentIssues(parents, tagPropertiesOf);
  if (issue) throw new DomainError(issue[1], 'invalid', issue[0]);
  const isInternal = (key: string): boolean => {
    const [id = '', propertyId = ''] = key.split('/');
    return id === appId ? state.properties.some((other) => other.id === propertyId && other.internal === true) : (others.internal_properties[id] ?? []).includes(propertyId);
  };
  if (!property.internal) {
    const index = parents.findIndex(isInternal);
    if (index >= 0) throw new DomainError('internal_tag_parent', 'invalid', `tag_parents.${index}`);
    return;
  }
  const self = `${appId}/${property.id}`;
  const namedByPublic =
    state.properties.some((other) => other.type === 'tag' && other.id !== property.id && other.internal !== true && propertyTagParents(other).includes(self)) ||
    Object.entries(others.tag_groups).some(([child, groups]) => !child.startsWith(`${appId}/`) && groups.includes(self) && !isInternal(child));
  if (namedByPublic) throw new DomainError('public_tag_group', 'invalid', 'internal');
};

const requireApp = (state: AppState): void => {
  if (!state.exists) throw new DomainError('not_found', 'not_found');
};

export const appDecider: Decider<AppState, AppCommand, AppEvent> = {
  initialState: () => ({ exists: false, name: '', properties: [], layout: null, teaser_template: '', email_integrations: [] }),
  evolve: evolveApp,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApp':
        if (state.exists) throw new DomainError('taken', 'invalid', 'slug');
        return [{ type: 'AppCreated', data: { app_id: command.app_id, name: command.name, description: command.description } }];
      case 'DefineProperty': {
        requireApp(state);
        const { property } = command;
        if (state.properties.some((other) => other.id !== property.id && other.name === property.name)) throw new DomainError('taken', 'invalid', 'name');
        const values = property.options.map((option) => option.value);
        if (new Set(values).size !== values.length) throw new DomainError('duplicate_option', 'invalid', 'options');
        if (property.min !== null && property.max !== null && property.min > property.max) throw new DomainError('min_above_max', 'invalid', 'min');
        if (property.type === 'relation' && property.related_apps.length === 0) throw new DomainError('required', 'invalid', 'related_apps');
        if (property.type !== 'relation' && property.allow_create_related) throw new DomainError('invalid_value', 'invalid', 'allow_create_related');
        tagOptionsChecked(command.app_id, property, state, { tag_properties: command.tag_properties ?? {}, internal_properties: command.internal_properties ?? {}, tag_groups: command.tag_groups ?? {} });
        const current = state.properties.find((other) => other.id === property.id);
        if (current && JSON.stringify(current) === JSON.stringify(property)) return [];
        return [{ type: 'AppPropertyDefined', data: { app_id: command.app_id, property } }];
      }
      case 'RemoveProperty':
        requireApp(state);
        if (!state.properties.some((property) => property.id === command.property_id)) throw new DomainError('not_found', 'not_found');
        return [{ type: 'AppPropertyRemoved', data: { app_id: command.app_id, property_id: command.property_id } }];
      case 'ChangeLayout':
        requireApp(state);
        return [{ type: 'AppLayoutChanged', data: { app_id: command.app_id, layout: command.layout } }];
      case 'ChangeTeaserTemplate': {
        requireApp(state);
        // a placeholder that names nothing would silently stay empty in every teaser
        const known = teaserPlaceholderNames(state.properties);
        if (teaserPlaceholders(command.teaser_template).some((name) => !known.includes(name))) throw new DomainError('unknown_placeholder', 'invalid', 'teaser_template');
        if (command.teaser_template === state.teaser_template) return [];
        return [{ type: 'AppTeaserTemplateChanged', data: { app_id: command.app_id, teaser_template: command.teaser_template } }];
      }
      case 'ChangeEmailIntegrations': {
        requireApp(state);
        const [error] = emailIntegrationErrors(command.email_integrations, state.properties);
        if (error) throw new DomainError(error.key, 'invalid', error.field);
        if (JSON.stringify(command.email_integrations) === JSON.stringify(state.email_integrations)) return [];
        return [{ type: 'AppEmailIntegrationsChanged', data: { app_id: command.app_id, email_integrations: command.email_integrations } }];
      }
    }
  },
};

/** One item, folded from its stream. */
export interface ItemState {
  exists: boolean;
  app_id: string;
  author_id: string;
  archived: boolean;
  /** by property id */
  values: Record<string, unknown>;
}

/** what an item command decides on besides the item: the app's definitions and who asks */
export interface ItemFactsOfCommand {
  app_id: string;
  item_id: string;
  properties: PropertyDefinition[];
  viewer: AppViewer;
}

/** of the members the values mention, those who may read the item (`mayReadAppItems`, looked up by the handler); absent: none */
interface MentionReaders {
  readers?: readonly string[];
}

export type ItemCommand =
  /** `teaser`: the app's teaser template rendered with the values, members left out, and as parts naming the members (absent: the app has none) */
  | (ItemFactsOfCommand & MentionReaders & { type: 'CreateItem'; values: Record<string, unknown>; teaser?: { text: string; parts: TemplatePart[] } })
  /** values by property id, already parsed; `names` the property names sent */
  | (ItemFactsOfCommand & MentionReaders & { type: 'ChangeItem'; values: Record<string, unknown> })
  | (ItemFactsOfCommand & { type: 'MoveItem'; value: string | null; insert_after_id: string | null })
  | (ItemFactsOfCommand & { type: 'ArchiveItem'; archived: boolean });

export const evolveItem = (state: ItemState, event: AppItemEvent): ItemState => {
  switch (event.type) {
    case 'AppItemCreated':
      return { exists: true, app_id: event.data.app_id, author_id: event.data.author_id, archived: false, values: event.data.values };
    case 'AppItemChanged':
      return { ...state, values: { ...state.values, ...event.data.values } };
    case 'AppItemMoved':
      return { ...state, values: { ...state.values, [event.data.property_id]: event.data.value === null ? [] : [event.data.value] } };
    case 'AppItemArchived':
      return { ...state, archived: true };
    case 'AppItemUnarchived':
      return { ...state, archived: false };
    default:
      return state;
  }
};

const abilitiesOn = (command: ItemFactsOfCommand, state: ItemState | null) =>
  appItemAbilities(command.properties, columnPropertyOf(command.properties)?.name ?? null, state, command.viewer);

/**
 * whom a create or an edit newly mentions: in the rich text after it and not before, who may read the
 * item, never the writer. An edit that keeps (or moves) a mention tells nobody again.
 */
const freshMentions = (command: ItemFactsOfCommand & MentionReaders, before: Record<string, unknown>, after: Record<string, unknown>): { mentioned_ids?: string[] } => {
  const known = new Set(itemMentionedIds(command.properties, before));
  const readers = new Set(command.readers ?? []);
  const fresh = itemMentionedIds(command.properties, after).filter((id) => !known.has(id) && readers.has(id) && id !== command.viewer.member_id);
  return fresh.length === 0 ? {} : { mentioned_ids: fresh };
};

const requireItem = (command: ItemFactsOfCommand, state: ItemState): void => {
  if (!state.exists || state.app_id !== command.app_id) throw new DomainError('not_found', 'not_found');
};

export const itemDecider: Decider<ItemState, ItemCommand, AppItemEvent> = {
  initialState: () => ({ exists: false, app_id: '', author_id: '', archived: false, values: {} }),
  evolve: evolveItem,
  decide: (command, state) => {
    const base = { app_id: command.app_id, item_id: command.item_id };
    switch (command.type) {
      case 'CreateItem': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        const can = abilitiesOn(command, null);
        if (!can.create) throw new DomainError('forbidden', 'forbidden');
        for (const property of command.properties) {
          if (Object.hasOwn(command.values, property.id) && !can[`update[${property.name}]`]) throw new DomainError('forbidden', 'forbidden', `values.${property.name}`);
        }
        return [{ type: 'AppItemCreated', data: { ...base, author_id: command.viewer.member_id, values: command.values, ...(command.teaser ? { teaser: command.teaser.text, teaser_parts: command.teaser.parts } : {}), ...freshMentions(command, {}, command.values) } }];
      }
      case 'ChangeItem': {
        requireItem(command, state);
        const can = abilitiesOn(command, state);
        if (!can.update) throw new DomainError(state.archived ? 'item_archived' : 'forbidden', state.archived ? 'refused' : 'forbidden');
        const changed: Record<string, unknown> = {};
        for (const property of command.properties) {
          if (!Object.hasOwn(command.values, property.id)) continue;
          if (!can[`update[${property.name}]`]) throw new DomainError('forbidden', 'forbidden', `values.${property.name}`);
          if (JSON.stringify(state.values[property.id]) !== JSON.stringify(command.values[property.id])) changed[property.id] = command.values[property.id];
        }
        return Object.keys(changed).length === 0 ? [] : [{ type: 'AppItemChanged', data: { ...base, values: changed, ...freshMentions(command, state.values, { ...state.values, ...changed }) } }];
      }
      case 'MoveItem': {
        requireItem(command, state);
        const column = columnPropertyOf(command.properties);
        if (!column) throw new DomainError('no_columns', 'refused');
        const can = abilitiesOn(command, state);
        if (!can.move) throw new DomainError(state.archived ? 'item_archived' : 'forbidden', state.archived ? 'refused' : 'forbidden');
        if (command.value !== null && !column.options.some((option) => option.value === command.value)) throw new DomainError('unknown_option', 'invalid', 'value');
        if (command.value === null && column.required) throw new DomainError('required', 'invalid', 'value');
        if (command.insert_after_id === command.item_id) throw new DomainError('invalid', 'invalid', 'insert_after_id');
        return [{ type: 'AppItemMoved', data: { ...base, property_id: column.id, value: command.value, insert_after_id: command.insert_after_id } }];
      }
      case 'ArchiveItem': {
        requireItem(command, state);
        if (!abilitiesOn(command, state).archive) throw new DomainError('forbidden', 'forbidden');
        if (state.archived === command.archived) return [];
        return [{ type: command.archived ? 'AppItemArchived' : 'AppItemUnarchived', data: base }];
      }
    }
  },
};
