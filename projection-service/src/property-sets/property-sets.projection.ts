import { eventOf, propertySetEvents, type PropertySetContext, type StoredPropertySet } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One document per set name and context (`<name>:<context_type>:<context_id>`): the set as saved and its revision. */
export interface PropertySetDocument extends ProjectedDocument {
  name: string;
  context_type: PropertySetContext['context_type'];
  context_id: string | null;
  set: StoredPropertySet;
  revision: number;
}

export const propertySetId = (name: string, context: PropertySetContext): string => `${name}:${context.context_type}:${context.context_id ?? ''}`;

export const propertySetsProjection: Projection<PropertySetDocument> = {
  name: 'property_sets',
  // 2: sets saved before PropertySetSaved version 2 are read again, their properties with explicit tag_parents and internal
  version: 2,
  eventTypes: propertySetEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const saved = eventOf(propertySetEvents, event);
    return saved ? [propertySetId(saved.data.name, saved.data)] : [];
  },
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const saved = eventOf(propertySetEvents, event);
    if (!saved) return doc;
    const { name, type, properties, tag_parents, modifications, context_type, context_id } = saved.data;
    const set: StoredPropertySet = type === 'basic' ? { name, type, properties, tag_parents, modifications: [] } : { name, type, properties: [], tag_parents: [], modifications };
    return { _id: id, name, context_type, context_id, set, revision: (doc?.revision ?? 0) + 1 };
  },
};
