import { Controller, Get, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { propertySetSummarySchema, type PropertySetSummary } from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, InjectPort, parseListQuery, sendList } from '@cn/platform';
import { propertySetsCollection } from './property-sets.controller';
import type { PropertySetDocument } from './property-sets.projection';

const SORT: Record<string, keyof PropertySetSummary> = { name: 'name', context_type: 'context_type', type: 'type', property_count: 'property_count', revision: 'revision', id: 'id' };

export const propertySetSummaryOf = (doc: PropertySetDocument): PropertySetSummary => ({
  id: doc._id,
  name: doc.name,
  context_type: doc.context_type,
  context_id: doc.context_id,
  type: doc.set.type,
  property_count: doc.set.type === 'basic' ? doc.set.properties.length : doc.set.modifications.length,
  tag_parents: doc.set.tag_parents,
  revision: doc.revision,
});

const compareBy = (field: keyof PropertySetSummary) => (a: PropertySetSummary, b: PropertySetSummary): number => {
  const left = a[field];
  const right = b[field];
  return typeof left === 'number' && typeof right === 'number' ? left - right : String(left ?? '').localeCompare(String(right ?? ''));
};

/** The administration's list of the saved property sets, every name in every context (the editor opens one). */
@Controller('administration/property_sets')
@UseInterceptors(ConsistencyInterceptor)
export class PropertySetsAdminController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: 'The saved property sets for react-admin: one row per set name and context (filter q on names, name, context_type, id list; sort name, context_type, type, property_count, revision; Content-Range)',
    tags: ['property_sets'],
    auth: 'auditor',
    responses: {
      200: { description: 'PropertySetSummary[]', schema: z.array(propertySetSummarySchema), headers: contentRangeHeaders },
      400: 'bad sort, range or filter',
      401: 'signed out',
      403: 'neither auditor nor administrator',
    },
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<PropertySetSummary[]> {
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'name', 'context_type', 'id'] });
    const text = (name: string): string | null => (typeof filter[name] === 'string' ? filter[name].trim().toLowerCase() : null);
    const [q, name, contextType] = [text('q'), text('name'), text('context_type')];
    const ids = Array.isArray(filter['id']) ? new Set(filter['id'].map(String)) : null;
    const [field, direction] = sort ?? ['name', 'ASC'];
    const found = (await propertySetsCollection(this.store).find({}))
      .map(propertySetSummaryOf)
      .filter((set) => (ids === null || ids.has(set.id)) && (!q || set.name.includes(q)) && (!name || set.name === name) && (!contextType || set.context_type === contextType))
      .sort((a, b) => (direction === 'DESC' ? -1 : 1) * compareBy(field)(a, b) || a.id.localeCompare(b.id));
    return sendList(res, 'property_sets', found.slice(range[0], range[1] + 1), range, found.length);
  }
}
