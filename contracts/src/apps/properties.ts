import { z } from 'zod';

/** Every property type an app may define (chat-channels-files-fields-legal.md §3). */
export const PROPERTY_TYPES = [
  'address',
  'email',
  'image',
  'membership',
  'selection',
  'text',
  'url',
  'number',
  'tag',
  'file',
  'date',
  'html',
  'relation',
  'statistics',
  'headline',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** who may change a property's value on an item they may update (the per-property `can`) */
export const PROPERTY_EDITORS = ['members', 'author', 'admins'] as const;
export type PropertyEditors = (typeof PROPERTY_EDITORS)[number];

export const PROPERTY_SIZES = ['small', 'medium', 'large'] as const;

export const PROPERTY_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** a tag parent: an app's tag property, `<app id>/<property id>`, whose tags form a group (the parents `GET /tags/find` narrows to) */
export const TAG_PARENT_PATTERN = /^[^/\s]+\/[^/\s]+$/;
/** the tag parents one tag property may name */
export const PROPERTY_TAG_PARENTS_MAX = 20;

export const selectionOptionSchema = z.object({
  label: z.string().trim().min(1, { message: 'required' }).max(80, { message: 'too_long' }),
  value: z.string().trim().min(1, { message: 'required' }).max(80, { message: 'too_long' }),
});
export type SelectionOption = z.infer<typeof selectionOptionSchema>;

/** What a property definition may say; every option is optional but the name, label and type. */
export const propertyOptionsSchema = z.object({
  label: z.string().trim().min(1, { message: 'required' }).max(120, { message: 'too_long' }),
  hint: z.string().trim().max(500, { message: 'too_long' }).default(''),
  required: z.boolean().default(false),
  multiline: z.boolean().default(false),
  maxlength: z.number().int().min(1, { message: 'too_small' }).max(100_000, { message: 'too_big' }).nullable().default(null),
  precision: z.number().int().min(0, { message: 'too_small' }).max(10, { message: 'too_big' }).nullable().default(null),
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
  prefix: z.string().max(20, { message: 'too_long' }).default(''),
  postfix: z.string().max(20, { message: 'too_long' }).default(''),
  options: z.array(selectionOptionSchema).max(100, { message: 'too_big' }).default([]),
  multiple: z.boolean().default(false),
  allow_create: z.boolean().default(true),
  allow_create_related: z.boolean().default(false),
  related_apps: z.array(z.string().max(60)).max(20, { message: 'too_big' }).default([]),
  async: z.boolean().default(false),
  polymorphic: z.boolean().default(false),
  with_name: z.boolean().default(false),
  size: z.enum(PROPERTY_SIZES).default('medium'),
  /** the address's forced country ('Deutschland' turns the state into a dropdown); '' for free input */
  country: z.string().max(60, { message: 'too_long' }).default(''),
  /** the per-property `can.update[name]` rule */
  editable_by: z.enum(PROPERTY_EDITORS).default('members'),
  /**
   * a tag property's tag parents (`<app id>/<property id>`, other tag properties, each a tag group): its
   * choices are the tags used under them and under itself, and new ones where allow_create; a tag of
   * another group is refused. [] : any tag.
   */
  tag_parents: z
    .array(z.string().trim().min(1, { message: 'required' }).max(80, { message: 'too_long' }).regex(TAG_PARENT_PATTERN, { message: 'invalid_format' }), { message: 'invalid_type' })
    .max(PROPERTY_TAG_PARENTS_MAX, { message: 'too_big' })
    .default([]),
  /** internal tags: a tag property whose values only internal members see (never externals, never search); needs tag parents */
  internal: z.boolean().default(false),
});

/** A property definition as the log keeps it: a stable id, so a rename keeps its values. */
export const propertyDefinitionSchema = propertyOptionsSchema.extend({
  id: z.string().min(1).max(60),
  name: z.string().regex(PROPERTY_NAME_PATTERN, { message: 'invalid_format' }),
  type: z.enum(PROPERTY_TYPES),
});
export type PropertyDefinition = z.infer<typeof propertyDefinitionSchema>;
export type PropertyDefinitionInput = z.input<typeof propertyDefinitionSchema>;

/** a definition with every option at its default (tests, the admin's new property) */
export const propertyDefinition = (input: Pick<PropertyDefinitionInput, 'id' | 'name' | 'type' | 'label'> & Partial<PropertyDefinitionInput>): PropertyDefinition =>
  propertyDefinitionSchema.parse(input);

/** the 16 German federal states, the address's dropdown when its country is Deutschland */
export const GERMAN_STATES = [
  'Baden-Württemberg',
  'Bayern',
  'Berlin',
  'Brandenburg',
  'Bremen',
  'Hamburg',
  'Hessen',
  'Mecklenburg-Vorpommern',
  'Niedersachsen',
  'Nordrhein-Westfalen',
  'Rheinland-Pfalz',
  'Saarland',
  'Sachsen',
  'Sachsen-Anhalt',
  'Schleswig-Holstein',
  'Thüringen',
] as const;
export const GERMANY = 'Deutschland';

/**
 * Definitions recorded before tag parents and internal tags (AppPropertyDefined version 1, property sets
 * saved before them) lack both: this reads them as [] and false.
 */
export const propertyTagParents = (property: { tag_parents?: readonly string[] }): readonly string[] => property.tag_parents ?? [];
/** whether the property's values are internal tags (only for viewers who see internal tags) */
export const isInternalProperty = (property: { type: string; internal?: boolean }): boolean => property.type === 'tag' && property.internal === true;

/** a stored definition of version 1 as the current one: tag parents and internal default to none */
export const upcastPropertyDefinition = (property: Record<string, unknown>): Record<string, unknown> => ({ ...property, tag_parents: property.tag_parents ?? [], internal: property.internal ?? false });
