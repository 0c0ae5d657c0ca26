import {
  appItemAbilities,
  columnPropertyOf,
  displayValues,
  readItemValues,
  type AppDto,
  type AppViewer,
  withCurrentTags,
  type ItemDto,
  type TagCatalogue,
  type TagValue,
  visibleProperties,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import type { MemberDocument } from '../members/members.projection';
import { appBoardsProjection, appItemsProjection, appsProjection, type AppBoardDocument, type AppDocument, type AppItemDocument } from './apps.projection';
import { taskMarksProjection, type TaskMarksDocument } from './task-marks.projection';

export const appsCollection = (store: DocumentStore) => store.collection<AppDocument>(collectionName(appsProjection));
export const appItemsCollection = (store: DocumentStore) => store.collection<AppItemDocument>(collectionName(appItemsProjection));
export const appBoardsCollection = (store: DocumentStore) => store.collection<AppBoardDocument>(collectionName(appBoardsProjection));
export const taskMarksCollection = (store: DocumentStore) => store.collection<TaskMarksDocument>(collectionName(taskMarksProjection));

export const appViewerOf = (member: MemberDocument): AppViewer => ({ member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external });

/**
 * the app as the member may see it: internal tag properties are left out for those who see no internal
 * tags (seesInternalTags), so that neither their definition nor (itemDtoOf) their values reach them
 */
export const appDtoOf = (whole: AppDocument, viewer: AppViewer): AppDto => appDtoOfVisible({ ...whole, properties: visibleProperties(whole.properties, viewer) }, viewer);

const appDtoOfVisible = (app: AppDocument, viewer: AppViewer): AppDto => ({
  id: app._id,
  name: app.name,
  description: app.description,
  properties: app.properties,
  layout: app.layout,
  teaser_template: app.teaser_template ?? '',
  // the mails' templates are the administrators' business
  email_integrations: viewer.network_admin ? (app.email_integrations ?? []) : [],
  column_property: columnPropertyOf(app.properties)?.name ?? null,
  can: { create_item: appItemAbilities(app.properties, null, null, viewer).create === true, administrate: viewer.network_admin },
  new_item_can: appItemAbilities(app.properties, columnPropertyOf(app.properties)?.name ?? null, null, viewer),
});

/**
 * an item as the member may see it: values under the current definitions with its tags as the network's
 * tags are now (an administrator's rename, merge or deletion reaches every item that holds the tag), their
 * text, and its `can`
 */
export const itemDtoOf = (whole: AppDocument, item: AppItemDocument, viewer: AppViewer, locale: string, tags: TagCatalogue): ItemDto => {
  // internal tags never reach a member who may not see them (their wall filter, tasks and item pages included)
  const app = { ...whole, properties: visibleProperties(whole.properties, viewer) };
  const values = readItemValues(app.properties, withCurrentTags(tags, item.app_id, item._id, app.properties, item.values));
  return {
    id: item._id,
    app_id: item.app_id,
    author_id: item.author_id,
    revision: item.revision,
    archived: item.archived,
    values,
    display_values: displayValues(app.properties, values, locale),
    can: appItemAbilities(app.properties, columnPropertyOf(app.properties)?.name ?? null, item, viewer),
  };
};

/** the filters of the wall: a tag (id or name) on any tag property, an assignee on any membership property */
export const matchesWallFilter = (app: AppDocument, values: Record<string, unknown>, filter: { tag?: string; assignee_id?: string }): boolean => {
  if (filter.tag) {
    const tags = app.properties.filter((property) => property.type === 'tag').flatMap((property) => (values[property.name] as TagValue[] | undefined) ?? []);
    const wanted = filter.tag.toLowerCase();
    if (!tags.some((tag) => tag.id === filter.tag || tag.name.toLowerCase() === wanted)) return false;
  }
  if (filter.assignee_id) {
    const assignees = app.properties.filter((property) => property.type === 'membership').flatMap((property) => (values[property.name] as string[] | undefined) ?? []);
    if (!assignees.includes(filter.assignee_id)) return false;
  }
  return true;
};

/** the items of an app in the wall's order (cards never moved keep their creation order) */
export const itemsInBoardOrder = async (store: DocumentStore, appId: string, archived: boolean): Promise<AppItemDocument[]> => {
  const [items, board] = await Promise.all([appItemsCollection(store).find({ app_id: appId }), appBoardsCollection(store).get(appId)]);
  const rank = new Map((board?.order ?? []).map((id, index) => [id, index]));
  return items
    .filter((item) => item.archived === archived)
    .sort((a, b) => (rank.get(a._id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b._id) ?? Number.MAX_SAFE_INTEGER) || a.created_at.localeCompare(b.created_at));
};

/** the names of the members an item's membership values name (cards show their assignees) */
export const memberIdsOf = (app: AppDocument, items: readonly ItemDto[]): string[] => {
  const ids = new Set<string>();
  for (const item of items)
    for (const property of app.properties)
      if (property.type === 'membership') for (const id of (item.values[property.name] as string[] | undefined) ?? []) ids.add(id);
  return [...ids];
};

/** whether the member is named in one of the item's membership properties */
export const isAssignedTo = (app: AppDocument, item: ItemDto, memberId: string): boolean =>
  app.properties.some((property) => property.type === 'membership' && ((item.values[property.name] as string[] | undefined) ?? []).includes(memberId));
