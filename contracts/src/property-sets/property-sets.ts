import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { propertyDefinitionSchema, selectionOptionSchema, PROPERTY_NAME_PATTERN, TAG_PARENT_PATTERN, upcastPropertyDefinition, type PropertyDefinition, type SelectionOption } from '../apps/properties';

/**
 * Property sets (issue 14; messages-files-admin-members-groups.md, Property set): named sets of property
 * definitions (the apps' model, contracts/src/apps/properties.ts) that a context uses. A `basic` set holds
 * its properties; a `modified` set derives from its parent context's set (`parent_property_set`) and only
 * adds options to the parent's selection and tag properties. A context without its own set answers its
 * parent context's with `inherit=true`: group → group category → network; app → network.
 */

/** the realtime channel's collection name for saved sets */
export const PROPERTY_SETS_COLLECTION = 'property_sets';
export const PROPERTY_SET_CONTEXT_TYPES = ['network', 'group_category', 'group', 'app'] as const;
export type PropertySetContextType = (typeof PROPERTY_SET_CONTEXT_TYPES)[number];
export const PROPERTY_SET_TYPES = ['basic', 'modified'] as const;
export type PropertySetType = (typeof PROPERTY_SET_TYPES)[number];
export const PROPERTY_SET_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const PROPERTY_SET_PROPERTIES_MAX = 100;
/** the property types a modification may add options to */
export const OPTION_PROPERTY_TYPES = ['selection', 'tag'] as const;

export interface PropertySetContext {
  context_type: PropertySetContextType;
  /** null for the network */
  context_id: string | null;
}

export const propertySetNameSchema = z.string().regex(PROPERTY_SET_NAME_PATTERN, { message: 'invalid_format' });

/** `?context_type&context_id&inherit`: the network needs no id, every other context does */
export const propertySetQuerySchema = z
  .object({
    context_type: z.enum(PROPERTY_SET_CONTEXT_TYPES, { message: 'invalid_value' }).default('network'),
    context_id: z.string().trim().min(1, { message: 'required' }).max(64, { message: 'too_long' }).optional(),
    inherit: z
      .enum(['true', 'false'], { message: 'invalid_value' })
      .optional()
      .transform((value) => value === 'true'),
  })
  .superRefine((query, ctx) => {
    if (query.context_type !== 'network' && !query.context_id) ctx.addIssue({ code: 'custom', path: ['context_id'], message: 'required' });
  })
  .transform((query): PropertySetContext & { inherit: boolean } => ({
    context_type: query.context_type,
    context_id: query.context_type === 'network' ? null : (query.context_id ?? null),
    inherit: query.inherit,
  }));

/** a property of a set: the apps' definition; the id defaults to the name (a set's properties are keyed by name) */
export const propertySetPropertySchema = propertyDefinitionSchema.extend({ id: z.string().min(1).max(60).optional() }).transform((property): PropertyDefinition => ({ ...property, id: property.id ?? property.name }));

export const addOptionsSchema = z
  .object({
    type: z.literal('add_options').default('add_options'),
    /** the parent's selection or tag property */
    name: z.string().regex(PROPERTY_NAME_PATTERN, { message: 'invalid_format' }),
    options: z.array(selectionOptionSchema, { message: 'invalid_type' }).min(1, { message: 'required' }).max(100, { message: 'too_big' }),
  })
  .strict();
export type AddOptions = z.output<typeof addOptionsSchema>;

const uniqueValues = (options: SelectionOption[], ctx: z.RefinementCtx, path: Array<string | number>, taken: Iterable<string> = []): void => {
  const seen = new Set(taken);
  options.forEach((option, index) => {
    if (seen.has(option.value)) ctx.addIssue({ code: 'custom', path: [...path, index, 'value'], message: 'duplicate_value' });
    seen.add(option.value);
  });
};

const propertiesSchema = z
  .array(propertySetPropertySchema, { message: 'invalid_type' })
  .max(PROPERTY_SET_PROPERTIES_MAX, { message: 'too_big' })
  .superRefine((properties, ctx) => {
    const names = new Set<string>();
    properties.forEach((property, index) => {
      if (names.has(property.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'duplicate_value' });
      names.add(property.name);
      uniqueValues(property.options, ctx, [index, 'options']);
    });
  });

const modificationsSchema = z
  .array(addOptionsSchema, { message: 'invalid_type' })
  .max(PROPERTY_SET_PROPERTIES_MAX, { message: 'too_big' })
  .superRefine((modifications, ctx) => {
    const names = new Set<string>();
    modifications.forEach((modification, index) => {
      if (names.has(modification.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'duplicate_value' });
      names.add(modification.name);
      uniqueValues(modification.options, ctx, [index, 'options']);
    });
  });

const tagParentsSchema = z
  .array(z.string().trim().min(1, { message: 'required' }).max(80, { message: 'too_long' }).regex(TAG_PARENT_PATTERN, { message: 'invalid_format' }), { message: 'invalid_type' })
  .max(50, { message: 'too_big' })
  .superRefine((parents, ctx) => {
    const seen = new Set<string>();
    parents.forEach((parent, index) => {
      if (seen.has(parent)) ctx.addIssue({ code: 'custom', path: [index], message: 'duplicate_value' });
      seen.add(parent);
    });
  });

/**
 * The tag parents a set names that are no app's tag property (`tagPropertiesOf(app)`: the ids of its tag
 * properties, [] for an unknown app), as `[field, key]` pairs.
 */
export const tagParentIssues = (parents: readonly string[], tagPropertiesOf: (appId: string) => readonly string[]): Array<[string, string]> =>
  parents.flatMap((parent, index): Array<[string, string]> => {
    const [appId = '', propertyId = ''] = parent.split('/');
    return tagPropertiesOf(appId).includes(propertyId) ? [] : [[`tag_parents.${index}`, 'unknown_tag_parent']];
  });

const revisionSchema = z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' });

/**
 * PUT /api/v1/property_sets/{name}: `properties` (and `tag_parents`) save a basic set, `modifications` a
 * modified one; `revision` is the one the editor read (its saves so far, 0 for none), a save since then answers 409.
 */
export const putPropertySetRequestSchema = z
  .object({
    properties: propertiesSchema.optional(),
    tag_parents: tagParentsSchema.optional(),
    modifications: modificationsSchema.optional(),
    revision: revisionSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.modifications !== undefined) {
      // a modified set has no properties of its own
      if (body.properties !== undefined) ctx.addIssue({ code: 'custom', path: ['properties'], message: 'unknown_field' });
      if (body.tag_parents !== undefined) ctx.addIssue({ code: 'custom', path: ['tag_parents'], message: 'unknown_field' });
    } else if (body.properties === undefined) ctx.addIssue({ code: 'custom', path: ['properties'], message: 'required' });
  })
  .transform(
    (body): { properties: PropertyDefinition[]; tag_parents: string[]; revision: number } | { modifications: AddOptions[]; revision: number } =>
      body.modifications !== undefined ? { modifications: body.modifications, revision: body.revision } : { properties: body.properties ?? [], tag_parents: body.tag_parents ?? [], revision: body.revision },
  );
export type PutPropertySetRequest = z.input<typeof putPropertySetRequestSchema>;
export type PropertySetChange = z.output<typeof putPropertySetRequestSchema>;

/** the set as stored on its stream */
export type StoredPropertySet =
  | { name: string; type: 'basic'; properties: PropertyDefinition[]; tag_parents: string[]; modifications: [] }
  | { name: string; type: 'modified'; properties: []; tag_parents: []; modifications: AddOptions[] };

export const storedPropertySetOf = (name: string, change: PropertySetChange): StoredPropertySet =>
  'modifications' in change
    ? { name, type: 'modified', properties: [], tag_parents: [], modifications: change.modifications }
    : { name, type: 'basic', properties: change.properties, tag_parents: change.tag_parents, modifications: [] };

/**
 * What a modified set may not ask of its parent's properties, as `[field, key]` pairs: a modification of a
 * property the parent does not have or that takes no options, an added value the parent already offers.
 * A modified set needs a parent (`no_parent` otherwise).
 */
export const modificationIssues = (modifications: AddOptions[], parent: Pick<StoredPropertySet, 'properties'> | null): Array<[string, string]> => {
  if (!parent) return [['modifications', 'no_parent']];
  const issues: Array<[string, string]> = [];
  modifications.forEach((modification, index) => {
    const property = parent.properties.find((candidate) => candidate.name === modification.name);
    if (!property) return void issues.push([`modifications.${index}.name`, 'unknown_property']);
    if (!(OPTION_PROPERTY_TYPES as readonly string[]).includes(property.type)) return void issues.push([`modifications.${index}.name`, 'no_options']);
    const parentValues = new Set(property.options.map((option) => option.value));
    modification.options.forEach((option, optionIndex) => {
      if (parentValues.has(option.value)) issues.push([`modifications.${index}.options.${optionIndex}.value`, 'duplicate_value']);
    });
  });
  return issues;
};

/** the parent's properties with the modifications' options added (what `inherit=true` answers for a modified set) */
export const applyModifications = (properties: PropertyDefinition[], modifications: AddOptions[]): PropertyDefinition[] =>
  properties.map((property) => {
    const added = modifications.filter((modification) => modification.name === property.name).flatMap((modification) => modification.options);
    if (added.length === 0) return property;
    const values = new Set(property.options.map((option) => option.value));
    return { ...property, options: [...property.options, ...added.filter((option) => !values.has(option.value))] };
  });

/** One stream per set name and context. */
export const propertySetStream = (name: string, context: PropertySetContext): string => `propertyset-${name}-${context.context_type}-${context.context_id ?? 'network'}`;

/**
 * Version 2: every property of the set carries `tag_parents` and `internal` (AppPropertyDefined's version 2).
 * Sets saved before lack both; they are read with explicit defaults ([] and false) like older definitions.
 */
export const PropertySetSaved = defineEvent(
  'PropertySetSaved',
  2,
  z.object({
    name: z.string(),
    context_type: z.enum(PROPERTY_SET_CONTEXT_TYPES),
    context_id: z.string().nullable(),
    type: z.enum(PROPERTY_SET_TYPES),
    properties: z.array(propertyDefinitionSchema),
    tag_parents: z.array(z.string()),
    modifications: z.array(addOptionsSchema),
  }),
  {
    upcasters: {
      1: (data) => ({
        ...data,
        properties: (Array.isArray(data['properties']) ? (data['properties'] as unknown[]) : []).map((property) =>
          typeof property === 'object' && property !== null ? upcastPropertyDefinition(property as Record<string, unknown>) : property,
        ),
      }),
    },
  },
);
export const propertySetEvents = [PropertySetSaved] as const;
export type PropertySetEvent = EventOf<typeof PropertySetSaved>;

/**
 * The context whose set a context without its own answers (`inherit`): a group's category (the network when
 * it has none), a category's and an app's network; the network has none.
 */
export const parentPropertySetContext = (context: PropertySetContext, groupCategoryOf: (groupId: string) => string | null): PropertySetContext | null => {
  switch (context.context_type) {
    case 'network':
      return null;
    case 'group': {
      const category = context.context_id ? groupCategoryOf(context.context_id) : null;
      return category ? { context_type: 'group_category', context_id: category } : { context_type: 'network', context_id: null };
    }
    default:
      return { context_type: 'network', context_id: null };
  }
};

/** GET /api/v1/property_sets/{name} */
export interface PropertySetResponse {
  name: string;
  type: PropertySetType;
  context_type: PropertySetContextType;
  context_id: string | null;
  properties: PropertyDefinition[];
  tag_parents: string[];
  modifications: AddOptions[];
  /** the context a modified set derives from (and the one an inherited answer came from); null for none */
  parent_property_set: (PropertySetContext & { name: string }) | null;
  /** true when the answer is another context's set (inherit=true, the context has none of its own) */
  inherited: boolean;
  /** the saves of this context's own set so far (0: none), what a PUT sends back */
  revision: number;
  can: PropertySetCan;
}

/**
 * The answer for `context` (what GET answers): its own set, or with `inherit` the first set up the chain of
 * parent contexts; a modified set answers its parent's properties with the modifications added when
 * `inherit`, else as stored. null when there is none.
 */
export const resolvePropertySet = (
  name: string,
  context: PropertySetContext,
  inherit: boolean,
  findSet: (context: PropertySetContext) => StoredPropertySet | null,
  parentOf: (context: PropertySetContext) => PropertySetContext | null,
): Omit<PropertySetResponse, 'revision' | 'can'> | null => {
  const effective = (at: PropertySetContext, depth: number): { set: StoredPropertySet; parent: PropertySetContext | null; properties: PropertyDefinition[] } | null => {
    if (depth > 5) return null;
    const own = findSet(at);
    const parentContext = parentOf(at);
    if (!own) return parentContext ? effective(parentContext, depth + 1) : null;
    if (own.type === 'basic') return { set: own, parent: null, properties: own.properties };
    const parent = parentContext ? effective(parentContext, depth + 1) : null;
    return { set: own, parent: parentContext, properties: applyModifications(parent?.properties ?? [], own.modifications) };
  };
  const own = findSet(context);
  if (own && (!inherit || own.type === 'basic')) {
    const parent = own.type === 'modified' ? parentOf(context) : null;
    return { ...own, ...context, parent_property_set: parent ? { ...parent, name } : null, inherited: false };
  }
  if (!inherit) return null;
  if (own) {
    const resolved = effective(context, 0);
    return resolved ? { ...own, ...context, properties: resolved.properties, parent_property_set: resolved.parent ? { ...resolved.parent, name } : null, inherited: false } : null;
  }
  const parentContext = parentOf(context);
  if (!parentContext) return null;
  let source: PropertySetContext | null = parentContext;
  while (source && !findSet(source)) source = parentOf(source);
  const resolved = source ? effective(source, 0) : null;
  if (!source || !resolved) return null;
  return { name, type: 'basic', ...context, properties: resolved.properties, tag_parents: resolved.set.tag_parents, modifications: [], parent_property_set: { ...source, name }, inherited: true };
};

// ---- abilities: one rule for the editor's flag and the PUT's refusal ----

export interface PropertySetViewer {
  network_admin: boolean;
  /**
   * the groups whose property sets the viewer edits: those whose `can.edit_property_sets` (`groupAbilities`:
   * the group's admins, its category's administrators, network admins) the viewer has
   */
  admin_group_ids: readonly string[];
}

export interface PropertySetCan {
  update: boolean;
}

/** network admins change every context's sets; a group's administrators (its own and its category's) their group's */
export const propertySetAbilities = (viewer: PropertySetViewer, context: PropertySetContext): PropertySetCan => ({
  update: viewer.network_admin || (context.context_type === 'group' && context.context_id !== null && viewer.admin_group_ids.includes(context.context_id)),
});

/** GET /administration/property_sets: one row per saved set and context (the administration's list) */
export const propertySetSummarySchema = z.object({
  /** `<name>:<context_type>:<context_id>` */
  id: z.string(),
  name: z.string(),
  context_type: z.enum(PROPERTY_SET_CONTEXT_TYPES),
  context_id: z.string().nullable(),
  type: z.enum(PROPERTY_SET_TYPES),
  /** a basic set's properties, a modified set's modifications */
  property_count: z.number().int(),
  tag_parents: z.array(z.string()),
  revision: z.number().int(),
});
export type PropertySetSummary = z.infer<typeof propertySetSummarySchema>;
