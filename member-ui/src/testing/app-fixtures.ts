import type { AppDto, ItemResponse, PropertyDefinition } from '@cn/contracts';

/** an app as its definition answer names it: every property editable on a new item, unless `newItemCan` says otherwise */
export const anApp = (properties: PropertyDefinition[], options: { id?: string; name?: string; newItemCan?: Record<string, boolean> } = {}): AppDto => ({
  id: options.id ?? 'tasks',
  name: options.name ?? 'Tasks',
  description: '',
  properties,
  layout: { type: 'auto', tabs: [] },
  teaser_template: '',
  email_integrations: [],
  column_property: properties.find((property) => property.type === 'selection' && !property.multiple)?.name ?? null,
  can: { create_item: true, administrate: false },
  new_item_can: { create: true, update: true, ...Object.fromEntries(properties.map((property) => [`update[${property.name}]`, true])), ...options.newItemCan },
});

/** an item page's answer: item `i1` of `app` by member m1 with these values, editable, no marks */
export const anItemAnswer = (app: AppDto, values: Record<string, unknown>, displayValues: Record<string, string>): ItemResponse => ({
  app,
  item: { id: 'i1', app_id: app.id, author_id: 'm1', revision: 0, archived: false, values, display_values: displayValues, can: { update: true, archive: true, move: true } },
  members: {},
  mark: { starred: false, declined: false, note: '', revision: -1, can: { star: false, note: false, decline: false, withdraw_decline: false } },
});
