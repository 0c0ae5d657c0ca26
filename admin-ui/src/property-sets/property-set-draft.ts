import { OPTION_PROPERTY_TYPES, type PropertyDefinition, type PropertySetResponse, type PropertyType, type PutPropertySetRequest, type SelectionOption } from '@cn/contracts';

/** A property in the editor: a basic set's own; in a modified set, the parent's options and the ones this set adds. */
export interface DraftProperty {
  name: string;
  label: string;
  type: PropertyType;
  /** a basic set's options; a modified set's options added to the parent's */
  options: SelectionOption[];
  /** the parent's options (a modified set only), shown read-only */
  parent_options: SelectionOption[];
  /** the rest of the definition, kept as read */
  definition: Partial<PropertyDefinition>;
}

export interface PropertySetDraft {
  type: 'basic' | 'modified';
  properties: DraftProperty[];
  tag_parents: string[];
}

export const takesOptions = (type: string): boolean => (OPTION_PROPERTY_TYPES as readonly string[]).includes(type);

/**
 * The draft of an answer: a basic set's properties, or (a modified set, or a context that inherits its
 * parent's set and would save its own as a modification) the parent's options apart from the added ones.
 */
export const draftOf = (set: PropertySetResponse): PropertySetDraft => {
  const modified = set.type === 'modified' || set.inherited;
  const added = new Map(modified && !set.inherited ? set.modifications.map((modification) => [modification.name, modification.options]) : []);
  return {
    type: modified ? 'modified' : 'basic',
    tag_parents: set.tag_parents,
    properties: set.properties.map((property) => {
      const own = added.get(property.name) ?? [];
      const ownValues = new Set(own.map((option) => option.value));
      return {
        name: property.name,
        label: property.label,
        type: property.type,
        options: modified ? own : property.options,
        parent_options: modified ? property.options.filter((option) => !ownValues.has(option.value)) : [],
        definition: property,
      };
    }),
  };
};

export const emptyBasicDraft = (): PropertySetDraft => ({ type: 'basic', properties: [], tag_parents: [] });

export type DraftAction =
  | { type: 'load'; draft: PropertySetDraft }
  | { type: 'add_property' }
  | { type: 'remove_property'; index: number }
  | { type: 'set_property'; index: number; field: 'name' | 'label' | 'type'; value: string }
  | { type: 'add_option'; index: number }
  | { type: 'remove_option'; index: number; option: number }
  | { type: 'move_option'; index: number; option: number; to: number }
  | { type: 'set_option'; index: number; option: number; field: 'label' | 'value'; value: string }
  | { type: 'add_tag_parent' }
  | { type: 'set_tag_parent'; index: number; value: string }
  | { type: 'remove_tag_parent'; index: number };

const withProperty = (draft: PropertySetDraft, index: number, change: (property: DraftProperty) => DraftProperty): PropertySetDraft => ({
  ...draft,
  properties: draft.properties.map((property, at) => (at === index ? change(property) : property)),
});

export const editPropertySet = (draft: PropertySetDraft, action: DraftAction): PropertySetDraft => {
  switch (action.type) {
    case 'load':
      return action.draft;
    case 'add_property':
      return draft.type === 'basic'
        ? { ...draft, properties: [...draft.properties, { name: '', label: '', type: 'text', options: [], parent_options: [], definition: {} }] }
        : draft;
    case 'remove_property':
      return draft.type === 'basic' ? { ...draft, properties: draft.properties.filter((_, at) => at !== action.index) } : draft;
    case 'set_property':
      return draft.type === 'basic' ? withProperty(draft, action.index, (property) => ({ ...property, [action.field]: action.value })) : draft;
    case 'add_option':
      return withProperty(draft, action.index, (property) => ({ ...property, options: [...property.options, { label: '', value: '' }] }));
    case 'remove_option':
      return withProperty(draft, action.index, (property) => ({ ...property, options: property.options.filter((_, at) => at !== action.option) }));
    case 'move_option':
      return withProperty(draft, action.index, (property) => {
        if (action.to < 0 || action.to >= property.options.length) return property;
        const options = [...property.options];
        const [moved] = options.splice(action.option, 1);
        if (moved) options.splice(action.to, 0, moved);
        return { ...property, options };
      });
    case 'set_option':
      return withProperty(draft, action.index, (property) => ({
        ...property,
        options: property.options.map((option, at) => (at === action.option ? { ...option, [action.field]: action.value } : option)),
      }));
    // a modified set has no tag parents of its own (its parent's apply)
    case 'add_tag_parent':
      return draft.type === 'basic' ? { ...draft, tag_parents: [...draft.tag_parents, ''] } : draft;
    case 'set_tag_parent':
      return draft.type === 'basic' ? { ...draft, tag_parents: draft.tag_parents.map((parent, at) => (at === action.index ? action.value : parent)) } : draft;
    case 'remove_tag_parent':
      return draft.type === 'basic' ? { ...draft, tag_parents: draft.tag_parents.filter((_, at) => at !== action.index) } : draft;
  }
};

/**
 * The PUT body of a draft: a basic set's properties (the definition as read with the edited name, label,
 * type and options), or a modified set's added options of each property that has any. `fields` maps the
 * body's modification paths back to the editor's rows (`modifications.0` → the property's index).
 */
export const bodyOf = (draft: PropertySetDraft, revision: number): { body: PutPropertySetRequest; rows: number[] } => {
  if (draft.type === 'basic') {
    const properties = draft.properties.map((property) => {
      const { id: _id, ...definition } = property.definition;
      return { ...definition, name: property.name, label: property.label, type: property.type, options: takesOptions(property.type) ? property.options : [] };
    });
    return { body: { properties, tag_parents: draft.tag_parents, revision }, rows: draft.properties.map((_, index) => index) };
  }
  const rows = draft.properties.flatMap((property, index) => (takesOptions(property.type) && property.options.length > 0 ? [index] : []));
  return { body: { modifications: rows.map((index) => ({ name: draft.properties[index]?.name ?? '', options: draft.properties[index]?.options ?? [] })), revision }, rows };
};

/** a 400's field errors by the editor's row: `properties.<row>.…` (or `modifications.<n>.…`, mapped through `rows`) → key */
export const rowErrorsOf = (errors: ReadonlyArray<{ field: string; key: string }>, rows: readonly number[]): Record<string, string> => {
  const found: Record<string, string> = {};
  for (const { field, key } of errors) {
    const match = /^(properties|modifications)\.(\d+)(\..*)?$/.exec(field);
    if (!match) {
      found[field] ??= key;
      continue;
    }
    const row = match[1] === 'modifications' ? rows[Number(match[2])] : Number(match[2]);
    found[`${row ?? match[2]}${match[3] ?? ''}`] ??= key;
  }
  return found;
};
