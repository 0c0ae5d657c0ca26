import { z } from 'zod';
import { AppItemChanged, AppItemCreated, AppPropertyDefined, AppPropertyRemoved } from '../apps/apps';
import { defineEvent, eventOf, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import type { TagValue } from '../apps/fields/tag';
import { propertyTagParents } from '../apps/properties';
import { TAG_NAME_MAX, TAG_SUGGESTIONS_MAX } from './tags-constants';

/*
 * The network's tags (issue 14, /administration/tags; `GET /tags/find`). A tag comes into being when an
 * app item is tagged with a name nobody used before; administrators rename, merge and delete tags, each a
 * command with its event on the network's tags stream (tagsStream). What tags exist is folded from the log
 * by `foldTagCatalogue`, the same on the command side (its lookup) and the read side (the tags read model).
 *
 * Two namespaces (issue 15, internal tags). One name is one tag, but in one of two scopes:
 * - public tags: every name typed into a tag property that is not internal;
 * - internal tags: names first used under an internal tag property (`internal: true`), with their own ids
 *   and aliases. A name typed into a property that is not internal never leads to an internal tag, so an
 *   internal tag never reaches a value an external member may read: typing the same letters elsewhere
 *   makes a separate public tag (it shares nothing with the internal one: renames, merges, counts,
 *   parents). An internal property leads a name to an internal tag first, then to a public one (a tag
 *   group's public tags are its choices), and only then makes a new internal tag.
 * Readers keep the rule too: a property that is not internal never answers an internal tag
 * (`currentItemTags`, say after the property stopped being internal), and `findTags` offers internal tags
 * only where they may be chosen and seen.
 */

export const TagRenamed = defineEvent('TagRenamed', 1, z.object({ tag_id: z.string(), name: z.string(), previous_name: z.string() }));
/** every use of `tag_id` counts as `into_id` from now on, and the name of `tag_id` leads to `into_id` */
export const TagsMerged = defineEvent('TagsMerged', 1, z.object({ tag_id: z.string(), into_id: z.string() }));
/** the tag leaves every item; the name is free again */
export const TagDeleted = defineEvent('TagDeleted', 1, z.object({ tag_id: z.string() }));

export const tagEvents = [TagRenamed, TagsMerged, TagDeleted] as const;
export type TagEvent = EventOf<typeof TagRenamed> | EventOf<typeof TagsMerged> | EventOf<typeof TagDeleted>;

const tagName = safeText(z.string().trim().min(1, { message: 'required' }).max(TAG_NAME_MAX, { message: 'too_long' }), 'invalid_type');
const tagId = z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' });

/** PUT /administration/tags/{id} */
export const renameTagRequestSchema = z.object({ name: tagName }).strict();
export type RenameTagRequest = z.input<typeof renameTagRequestSchema>;
/** POST /administration/tags/{id}/merge: the tag of the path goes into `into` */
export const mergeTagRequestSchema = z.object({ into: tagId }).strict();
export type MergeTagRequest = z.input<typeof mergeTagRequestSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'invalid_value' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

/**
 * GET /tags/find: `q` the start or part of a name; `tag_parents` (comma-separated) only tags used under
 * these parents (an app's tag property, `<app id>/<property id>`); `property` the tag property asking
 * (`<app id>/<property id>`): internal tags are offered only to an internal one; `exclude_new` leaves out
 * the entry that offers `q` as a new tag.
 */
export const findTagsQuerySchema = z
  .object({
    q: z.string({ message: 'invalid_type' }).max(TAG_NAME_MAX, { message: 'too_long' }).default(''),
    tag_parents: z.string({ message: 'invalid_type' }).max(2000, { message: 'too_long' }).optional(),
    property: z.string({ message: 'invalid_type' }).max(200, { message: 'too_long' }).optional(),
    exclude_new: flag,
  });

export const tagSuggestionSchema = z.object({
  /** '' for the offer of a new tag */
  id: z.string(),
  name: z.string(),
  new: z.boolean(),
});
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;
export const findTagsResponseSchema = z.object({ tags: z.array(tagSuggestionSchema) });
export type FindTagsResponse = z.infer<typeof findTagsResponseSchema>;

/** A tag as the administration reads it. */
export const tagAdminDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the app properties it is used under (`<app id>/<property id>`) */
  parents: z.array(z.string()),
  /** an internal tag: first used under an internal tag property, held only by internal ones */
  internal: z.boolean(),
  item_count: z.number().int(),
  updated_at: z.string(),
});
export type TagAdminDto = z.infer<typeof tagAdminDtoSchema>;

// ---------------------------------------------------------------------------------------------------
// The catalogue: what tags exist, folded from the apps' events and the tag events.

export interface TagRecord {
  id: string;
  name: string;
  /** an internal tag (first used under an internal tag property): only internal properties hold it; absent for public tags */
  internal?: boolean;
  parents: string[];
  /** the items holding it, under any tag property */
  item_count: number;
  /**
   * the items holding it under a tag property that is not internal: its uses an external member may know of
   * (`tagUseCount`); absent in catalogues folded before (then counted from `item_tags` when read)
   */
  public_item_count?: number;
  updated_at: string;
}

export interface TagCatalogue {
  tags: Record<string, TagRecord>;
  /** every name that leads to a public tag (lowercased, trimmed): its own, earlier ones, merged ones */
  aliases: Record<string, string>;
  /**
   * the same for names used under internal tag properties (they lead to internal tags, or to public ones
   * merged into); absent in catalogues folded before internal tags had their own scope
   */
  internal_aliases?: Record<string, string>;
  /** the tag properties of each app */
  tag_properties: Record<string, string[]>;
  /** the internal tag properties of each app (among tag_properties); absent as internal_aliases */
  internal_properties?: Record<string, string[]>;
  /** the tag groups each tag property names (`<app id>/<property id>` → its tag_parents), where it names any; absent as internal_aliases */
  tag_groups?: Record<string, string[]>;
  /** `<app id>/<item id>` → property id → the tag ids it holds */
  item_tags: Record<string, Record<string, string[]>>;
}

export const emptyTagCatalogue = (): TagCatalogue => ({ tags: {}, aliases: {}, internal_aliases: {}, tag_properties: {}, internal_properties: {}, tag_groups: {}, item_tags: {} });

export const normalizeTagName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * a tag's id, made from the first name it had (FNV-1a, two seeds): the same name gives the same id
 * everywhere in its scope; an internal tag's id (`itag-`) is never a public tag's (`tag-`)
 */
export const tagIdOf = (name: string, internal = false): string => {
  const normalized = normalizeTagName(name);
  const hash = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < normalized.length; i += 1) {
      h ^= normalized.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(36).padStart(7, '0');
  };
  return `${internal ? 'itag' : 'tag'}-${hash(0x811c9dc5)}${hash(0x050c5d1f)}`;
};

/** the app events the catalogue follows (their data as it needs it) */
export type TagSourceEvent =
  | { type: 'AppPropertyDefined'; data: { app_id: string; property: { id: string; type: string; internal?: boolean; tag_parents?: readonly string[] } } }
  | { type: 'AppPropertyRemoved'; data: { app_id: string; property_id: string } }
  | { type: 'AppItemCreated' | 'AppItemChanged'; data: { app_id: string; item_id: string; values: Record<string, unknown> } };

const catalogueEvents = [AppPropertyDefined, AppPropertyRemoved, AppItemCreated, AppItemChanged, ...tagEvents] as const;
export const TAG_CATALOGUE_EVENT_TYPES: readonly string[] = catalogueEvents.map((definition) => definition.type);
/** a stored event as one the catalogue follows, or null */
export const tagCatalogueEventOf = (event: { type: string; data: unknown }): TagSourceEvent | TagEvent | null => eventOf(catalogueEvents, event);

const namesOf = (raw: unknown): Array<{ id: string; name: string }> =>
  (Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw]).flatMap((entry: unknown) => {
    if (typeof entry === 'string') return entry.trim() === '' ? [] : [{ id: '', name: entry.trim() }];
    if (typeof entry !== 'object' || entry === null) return [];
    const record = entry as { id?: unknown; name?: unknown };
    const name = typeof record.name === 'string' ? record.name.trim() : '';
    return name === '' ? [] : [{ id: typeof record.id === 'string' ? record.id : '', name }];
  });

const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];
const itemIdsOf = (tags: Record<string, string[]>): string[] => distinct(Object.values(tags).flat());

const isInternalTagProperty = (catalogue: TagCatalogue, appId: string, propertyId: string): boolean => (catalogue.internal_properties?.[appId] ?? []).includes(propertyId);

/** the items holding a tag (all, and under a property that is not internal) and the properties they hold it under */
const usesOf = (catalogue: TagCatalogue, id: string): { count: number; publicCount: number; parents: Set<string> } => {
  let count = 0;
  let publicCount = 0;
  const parents = new Set<string>();
  for (const [key, properties] of Object.entries(catalogue.item_tags)) {
    const appId = key.slice(0, key.indexOf('/'));
    let holds = false;
    let holdsPublicly = false;
    for (const [propertyId, ids] of Object.entries(properties)) {
      if (!ids.includes(id)) continue;
      holds = true;
      holdsPublicly ||= !isInternalTagProperty(catalogue, appId, propertyId);
      parents.add(`${appId}/${propertyId}`);
    }
    if (holds) count += 1;
    if (holdsPublicly) publicCount += 1;
  }
  return { count, publicCount, parents };
};

/** counts and parents of the tags an item change touched, from the items that hold them */
const recount = (catalogue: TagCatalogue, tagIds: readonly string[], at: string): void => {
  for (const id of distinct(tagIds)) {
    const tag = catalogue.tags[id];
    if (!tag) continue;
    const uses = usesOf(catalogue, id);
    const parents = new Set<string>([...tag.parents, ...uses.parents]);
    catalogue.tags[id] = { ...tag, item_count: uses.count, public_item_count: uses.publicCount, parents: [...parents].sort(), updated_at: at };
  }
};

/**
 * How many items use a tag, as an asker in a scope may know it: every use for those who see internal tags
 * (`internal`), else only the uses under tag properties that are not internal. Whatever orders tags by use
 * for an external member (the tag finder, the search's tags) orders by this, so that the order never tells
 * how much a public tag is used under internal properties.
 */
export const tagUseCount = (catalogue: TagCatalogue, tag: TagRecord, internal: boolean): number =>
  internal ? tag.item_count : (tag.public_item_count ?? usesOf(catalogue, tag.id).publicCount);

/**
 * The existing tag a value of a property in the given scope leads to: the one of its id (a public property
 * never takes an internal tag's id), else the one its name leads to (an internal property: an internal tag
 * of that name first, then a public one), else none.
 */
export const tagOfValue = (catalogue: TagCatalogue, value: { id: string; name: string }, internal: boolean): TagRecord | null => {
  const byId = value.id !== '' ? catalogue.tags[value.id] : undefined;
  if (byId && (internal || !byId.internal)) return byId;
  const key = normalizeTagName(value.name);
  const names = internal ? [catalogue.internal_aliases?.[key], catalogue.aliases[key]] : [catalogue.aliases[key]];
  for (const id of names) if (id && catalogue.tags[id] && (internal || !catalogue.tags[id].internal)) return catalogue.tags[id];
  return null;
};

/** the tag a value names (tagOfValue), else a new one in the property's scope */
const resolve = (catalogue: TagCatalogue, value: { id: string; name: string }, at: string, internal: boolean): string => {
  const known = tagOfValue(catalogue, value, internal);
  if (known) return known.id;
  const key = normalizeTagName(value.name);
  const id = tagIdOf(key, internal);
  catalogue.tags[id] = { id, name: value.name.trim().replace(/\s+/g, ' '), parents: [], item_count: 0, updated_at: at, ...(internal ? { internal: true } : {}) };
  if (internal) catalogue.internal_aliases = { ...catalogue.internal_aliases, [key]: id };
  else catalogue.aliases[key] = id;
  return id;
};

/** whether the event can change the catalogue (most item changes touch no tag property): the same catalogue is answered otherwise */
const concerns = (catalogue: TagCatalogue, event: TagSourceEvent | TagEvent): boolean => {
  switch (event.type) {
    case 'AppPropertyDefined':
      return event.data.property.type === 'tag' || (catalogue.tag_properties[event.data.app_id] ?? []).includes(event.data.property.id);
    case 'AppPropertyRemoved':
      return (catalogue.tag_properties[event.data.app_id] ?? []).includes(event.data.property_id);
    case 'AppItemCreated':
    case 'AppItemChanged':
      return (catalogue.tag_properties[event.data.app_id] ?? []).some((id) => Object.hasOwn(event.data.values, id));
    default:
      return Object.hasOwn(catalogue.tags, event.data.tag_id);
  }
};

/**
 * One event folded into the catalogue (a copy: the input is left as it was). `at` is when it happened.
 * Replaying an event changes nothing more than the first time did.
 */
export const foldTagCatalogue = (current: TagCatalogue, event: TagSourceEvent | TagEvent, at: string): TagCatalogue => {
  if (!concerns(current, event)) return current;
  const catalogue: TagCatalogue = structuredClone(current);
  switch (event.type) {
    case 'AppPropertyDefined': {
      const { app_id, property } = event.data;
      const known = catalogue.tag_properties[app_id] ?? [];
      const others = known.filter((id) => id !== property.id);
      catalogue.tag_properties[app_id] = property.type === 'tag' ? [...others, property.id] : others;
      const internal = (catalogue.internal_properties?.[app_id] ?? []).filter((id) => id !== property.id);
      const wasInternal = isInternalTagProperty(catalogue, app_id, property.id);
      catalogue.internal_properties = { ...catalogue.internal_properties, [app_id]: property.type === 'tag' && property.internal === true ? [...internal, property.id] : internal };
      const groups = { ...catalogue.tag_groups };
      const key = tagParentKey(app_id, property.id);
      delete groups[key];
      if (property.type === 'tag' && (property.tag_parents ?? []).length > 0) groups[key] = [...(property.tag_parents ?? [])];
      catalogue.tag_groups = groups;
      // a property that became internal (or stopped being) moves its tags' uses out of (into) the public counts
      if (wasInternal !== isInternalTagProperty(catalogue, app_id, property.id)) {
        recount(catalogue, Object.entries(catalogue.item_tags).flatMap(([itemKey, properties]) => (itemKey.startsWith(`${app_id}/`) ? (properties[property.id] ?? []) : [])), at);
      }
      return catalogue;
    }
    case 'AppPropertyRemoved': {
      const { app_id, property_id } = event.data;
      catalogue.tag_properties[app_id] = (catalogue.tag_properties[app_id] ?? []).filter((id) => id !== property_id);
      catalogue.internal_properties = { ...catalogue.internal_properties, [app_id]: (catalogue.internal_properties?.[app_id] ?? []).filter((id) => id !== property_id) };
      catalogue.tag_groups = { ...catalogue.tag_groups };
      delete catalogue.tag_groups[tagParentKey(app_id, property_id)];
      const touched: string[] = [];
      for (const [key, properties] of Object.entries(catalogue.item_tags)) {
        if (!key.startsWith(`${app_id}/`) || !properties[property_id]) continue;
        touched.push(...properties[property_id]);
        delete properties[property_id];
        if (Object.keys(properties).length === 0) delete catalogue.item_tags[key];
      }
      recount(catalogue, touched, at);
      return catalogue;
    }
    case 'AppItemCreated':
    case 'AppItemChanged': {
      const { app_id, item_id, values } = event.data;
      const tagProperties = (catalogue.tag_properties[app_id] ?? []).filter((id) => Object.hasOwn(values, id));
      if (tagProperties.length === 0) return catalogue;
      const key = `${app_id}/${item_id}`;
      const before = catalogue.item_tags[key] ?? {};
      const after = { ...before };
      for (const propertyId of tagProperties) {
        const internal = isInternalTagProperty(catalogue, app_id, propertyId);
        const ids = distinct(namesOf(values[propertyId]).map((value) => resolve(catalogue, value, at, internal)));
        if (ids.length === 0) delete after[propertyId];
        else after[propertyId] = ids;
      }
      if (Object.keys(after).length === 0) delete catalogue.item_tags[key];
      else catalogue.item_tags[key] = after;
      recount(catalogue, [...itemIdsOf(before), ...itemIdsOf(after)], at);
      return catalogue;
    }
    case 'TagRenamed': {
      const tag = catalogue.tags[event.data.tag_id];
      if (!tag) return catalogue;
      catalogue.tags[tag.id] = { ...tag, name: event.data.name, updated_at: at };
      if (tag.internal) catalogue.internal_aliases = { ...catalogue.internal_aliases, [normalizeTagName(event.data.name)]: tag.id };
      else catalogue.aliases[normalizeTagName(event.data.name)] = tag.id;
      return catalogue;
    }
    case 'TagsMerged': {
      const { tag_id, into_id } = event.data;
      if (!catalogue.tags[tag_id] || !catalogue.tags[into_id] || tag_id === into_id) return catalogue;
      // a public tag never goes into an internal one (the merge command refuses it): public values would hold an internal tag
      if (catalogue.tags[into_id].internal && !catalogue.tags[tag_id].internal) return catalogue;
      for (const [name, id] of Object.entries(catalogue.aliases)) if (id === tag_id) catalogue.aliases[name] = into_id;
      catalogue.internal_aliases = { ...catalogue.internal_aliases };
      for (const [name, id] of Object.entries(catalogue.internal_aliases)) if (id === tag_id) catalogue.internal_aliases[name] = into_id;
      for (const properties of Object.values(catalogue.item_tags)) {
        for (const [propertyId, ids] of Object.entries(properties)) {
          if (ids.includes(tag_id)) properties[propertyId] = distinct(ids.map((id) => (id === tag_id ? into_id : id)));
        }
      }
      const merged = catalogue.tags[tag_id];
      delete catalogue.tags[tag_id];
      catalogue.tags[into_id] = { ...catalogue.tags[into_id], parents: distinct([...catalogue.tags[into_id].parents, ...merged.parents]).sort() };
      recount(catalogue, [into_id], at);
      return catalogue;
    }
    case 'TagDeleted': {
      const { tag_id } = event.data;
      if (!catalogue.tags[tag_id]) return catalogue;
      delete catalogue.tags[tag_id];
      for (const [name, id] of Object.entries(catalogue.aliases)) if (id === tag_id) delete catalogue.aliases[name];
      catalogue.internal_aliases = { ...catalogue.internal_aliases };
      for (const [name, id] of Object.entries(catalogue.internal_aliases)) if (id === tag_id) delete catalogue.internal_aliases[name];
      for (const properties of Object.values(catalogue.item_tags)) {
        // an emptied property stays as [], so that readers know the item holds no tag there any more
        // (its stored values still name the deleted tag: currentItemTags answers the catalogue's list)
        for (const [propertyId, ids] of Object.entries(properties)) if (ids.includes(tag_id)) properties[propertyId] = ids.filter((id) => id !== tag_id);
      }
      return catalogue;
    }
    default:
      return catalogue;
  }
};

/**
 * A read model's step over the catalogue (the projection's and the command lookup's, one document each):
 * the document folded with a recorded event, or the document itself when the event changed nothing, so
 * that an item edit without tags writes and pushes nothing.
 */
export const evolveTagCatalogue = <D extends TagCatalogue>(doc: D | null, recorded: { type: string; data: unknown; recordedAt: string }, id: string): (TagCatalogue & { _id: string; [field: string]: unknown }) | D | null => {
  const event = tagCatalogueEventOf(recorded);
  if (!event) return doc;
  const current = doc ?? emptyTagCatalogue();
  const folded = foldTagCatalogue(current, event, recorded.recordedAt);
  if (folded === current) return doc;
  const { tags, aliases, internal_aliases, tag_properties, internal_properties, tag_groups, item_tags } = folded;
  return { _id: id, tags, aliases, internal_aliases, tag_properties, internal_properties, tag_groups, item_tags };
};

/** the tag a name leads to in a scope (public unless `internal`), if any (a rename to it would clash) */
export const tagNamed = (catalogue: TagCatalogue, name: string, internal = false): TagRecord | null => {
  const id = (internal ? catalogue.internal_aliases?.[normalizeTagName(name)] : undefined) ?? catalogue.aliases[normalizeTagName(name)];
  return (id && catalogue.tags[id]) || null;
};

/** whom `findTags` answers */
export interface TagFinder {
  /** whether internal tags may be offered: the asker sees internal tags and asks for an internal property (or for none) */
  internal: boolean;
  /**
   * the tag parents the asker may not see (internal tag properties, for external members): given, the asker
   * is an external member, and tags are ordered by their public uses only (`tagUseCount`)
   */
  hiddenParents?: ReadonlySet<string>;
}

/**
 * `GET /tags/find`: names starting with `q` first, then names containing it, each by use (as the asker may
 * know of it: `tagUseCount`) and name; at
 * most TAG_SUGGESTIONS_MAX, and `q` offered as a new tag (id '') unless a tag already has that name or
 * `exclude_new` is set.
 */
export const findTags = (
  catalogue: TagCatalogue,
  query: { q: string; tag_parents?: string; exclude_new?: boolean },
  /**
   * Internal tags are offered only with `internal`. For `hiddenParents` (external members) a tag counts as
   * used only under its other parents: a tag used only under hidden ones is not found, nor told apart from a
   * new name, and naming a hidden parent in `tag_parents` finds nothing through it (as an unknown parent).
   */
  finder: TagFinder = { internal: true },
): TagSuggestion[] => {
  const q = normalizeTagName(query.q);
  const hiddenParents = finder.hiddenParents ?? new Set<string>();
  const uses = (tag: TagRecord): number => tagUseCount(catalogue, tag, finder.hiddenParents === undefined);
  const visibleParents = (tag: TagRecord): string[] => tag.parents.filter((parent) => !hiddenParents.has(parent));
  const hidden = (tag: TagRecord): boolean => (tag.internal === true && !finder.internal) || (tag.parents.length > 0 && visibleParents(tag).length === 0);
  const parents = (query.tag_parents ?? '').split(',').map((parent) => parent.trim()).filter((parent) => parent !== '');
  const rank = (tag: TagRecord): number => {
    const name = tag.name.toLowerCase();
    if (q === '' || name.startsWith(q)) return 0;
    return name.includes(q) ? 1 : -1;
  };
  const found = Object.values(catalogue.tags)
    .filter((tag) => rank(tag) >= 0 && !hidden(tag) && (parents.length === 0 || visibleParents(tag).some((parent) => parents.includes(parent))))
    .sort((a, b) => rank(a) - rank(b) || uses(b) - uses(a) || a.name.localeCompare(b.name))
    .slice(0, TAG_SUGGESTIONS_MAX)
    .map((tag): TagSuggestion => ({ id: tag.id, name: tag.name, new: false }));
  const named = tagNamed(catalogue, q, finder.internal);
  const offerNew = !query.exclude_new && q !== '' && (!named || hidden(named));
  return offerNew ? [...found, { id: '', name: query.q.trim().replace(/\s+/g, ' '), new: true }] : found;
};

const storedTagsOf = (raw: unknown): TagValue[] => namesOf(raw);

/**
 * The tags an item's tag property holds now, with their current names: the catalogue's list for the item
 * (renames, merges and deletions applied), else (values stored before the property was a tag property)
 * the stored values, each under the name of the tag its id or name leads to.
 */
export const currentItemTags = (catalogue: TagCatalogue, appId: string, itemId: string, propertyId: string, stored: unknown): TagValue[] => {
  const internal = isInternalTagProperty(catalogue, appId, propertyId);
  const known = catalogue.item_tags[`${appId}/${itemId}`]?.[propertyId];
  // a property that is not internal (any more) never answers an internal tag
  if (known) return known.flatMap((id) => (catalogue.tags[id] && (internal || !catalogue.tags[id].internal) ? [{ id, name: catalogue.tags[id].name }] : []));
  const values: TagValue[] = [];
  for (const value of storedTagsOf(stored)) {
    const tag = tagOfValue(catalogue, value, internal);
    const current = tag ? { id: tag.id, name: tag.name } : value;
    if (!values.some((other) => other.name.toLowerCase() === current.name.toLowerCase())) values.push(current);
  }
  return values;
};

/** An item's stored values (by property id) with every tag property's tags as they are now (currentItemTags). */
export const withCurrentTags = (catalogue: TagCatalogue, appId: string, itemId: string, properties: ReadonlyArray<{ id: string; type: string }>, stored: Record<string, unknown>): Record<string, unknown> => {
  const tagProperties = properties.filter((property) => property.type === 'tag' && Object.hasOwn(stored, property.id));
  if (tagProperties.length === 0) return stored;
  const values = { ...stored };
  for (const property of tagProperties) values[property.id] = currentItemTags(catalogue, appId, itemId, property.id, stored[property.id]);
  return values;
};

/** `<app id>/<property id>`: a tag property as a tag parent */
export const tagParentKey = (appId: string, propertyId: string): string => `${appId}/${propertyId}`;

/**
 * The values a tag property with tag parents may not hold, by index: its choices are the tags used under
 * one of its parents or under itself (what it held before stays a choice), and new names where it allows
 * creating tags (they join its own group); a name that leads to a tag of another group is refused. A
 * property without tag parents takes any tag ([]).
 */
export const tagChoiceIssues = (
  catalogue: TagCatalogue,
  appId: string,
  property: { id: string; allow_create: boolean; tag_parents?: readonly string[] },
  values: readonly TagValue[],
): number[] => {
  const parents = propertyTagParents(property);
  if (parents.length === 0) return [];
  const allowed = new Set([...parents, tagParentKey(appId, property.id)]);
  const internal = isInternalTagProperty(catalogue, appId, property.id);
  return values.flatMap((value, index) => {
    const tag = tagOfValue(catalogue, value, internal);
    if (!tag) return property.allow_create ? [] : [index];
    return tag.parents.some((parent) => allowed.has(parent)) ? [] : [index];
  });
};
