import type { AppDto, PropertyDefinition } from '@cn/contracts';

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
