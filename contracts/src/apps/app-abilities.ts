import { FIELD_TYPES } from './fields/field-types';
import { isInternalProperty, type PropertyDefinition } from './properties';

export interface AppViewer {
  member_id: string;
  network_admin: boolean;
  external: boolean;
}

export interface ItemFacts {
  author_id: string;
  archived: boolean;
}

/**
 * Who reads an app's items (the read side answers every signed-in member, external ones too, read-only):
 * any registered member who is not erased. An id naming nobody, or an erased member, reads nothing, so a
 * mention of them notifies nobody.
 */
export const mayReadAppItems = (member: { erased: boolean } | null | undefined): boolean => member !== null && member !== undefined && !member.erased;

/** whether the viewer may change this property on an item they may update (the per-property `can`) */
export const mayUpdateProperty = (property: PropertyDefinition, item: ItemFacts | null, viewer: AppViewer): boolean => {
  if (FIELD_TYPES[property.type].displayOnly) return false;
  if (property.editable_by === 'admins') return viewer.network_admin;
  if (property.editable_by === 'author') return viewer.network_admin || item === null || item.author_id === viewer.member_id;
  return true;
};

/**
 * Every ability on an app's items, the one rule for the server's answers and the consoles' `can`: any
 * member but an external one creates items and updates those not archived; network admins and the
 * author archive and restore; a card moves when its column property may be updated.
 */
export const appItemAbilities = (
  properties: readonly PropertyDefinition[],
  columnProperty: string | null,
  item: ItemFacts | null,
  viewer: AppViewer,
): Record<string, boolean> => {
  const member = !viewer.external;
  const update = member && (item === null || !item.archived);
  const can: Record<string, boolean> = {
    create: member,
    update,
    archive: member && item !== null && (viewer.network_admin || item.author_id === viewer.member_id),
  };
  for (const property of properties) can[`update[${property.name}]`] = update && mayUpdateProperty(property, item, viewer);
  const column = properties.find((property) => property.name === columnProperty);
  can.move = column !== undefined && can[`update[${column.name}]`] === true;
  return can;
};

/** the wall's columns: the first single selection property */
export const columnPropertyOf = (properties: readonly PropertyDefinition[]): PropertyDefinition | null =>
  properties.find((property) => property.type === 'selection' && !property.multiple) ?? null;

/**
 * Who sees internal tags: the app's editors, that is every member who may create and update items (every
 * internal member), and network admins. External members (read-only) never do: the read side leaves
 * internal tag properties out of definitions, items, walls, tasks and tag suggestions for them.
 */
export const seesInternalTags = (viewer: AppViewer): boolean => viewer.network_admin || !viewer.external;

/** the properties the viewer may see: all of them, less the internal tag properties for those who see no internal tags */
export const visibleProperties = <P extends { type: string; internal?: boolean }>(properties: readonly P[], viewer: AppViewer): P[] =>
  seesInternalTags(viewer) ? [...properties] : properties.filter((property) => !isInternalProperty(property));
