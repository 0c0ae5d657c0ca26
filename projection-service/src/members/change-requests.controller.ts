import { Controller, Get, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { CHANGE_REQUEST_STATUSES, changeRequestDtoSchema, type ChangeRequestDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, type Filter, InjectPort, parseListQuery, sendList, type SortDirection } from '@cn/platform';
import { displayNameOf } from './member-dto';
import { changeRequestsProjection, type ChangeRequestDocument } from './change-requests.projection';
import { membersCollection } from './members.read';

const SORT_FIELDS: Record<string, string[]> = { submitted_at: ['submitted_at'], status: ['status', 'submitted_at'], id: ['_id'] };
const FILTERS = ['status', 'id'] as const;

export const changeRequestsCollection = (store: DocumentStore) => store.collection<ChangeRequestDocument>(collectionName(changeRequestsProjection));

/** The administrators' list of change requests (react-admin resource `change_requests`). */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class ChangeRequestsController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get('administration/change_requests')
  @Endpoint({
    summary: 'Change requests for react-admin (filter status open/accepted/rejected, sort submitted_at; Content-Range), oldest open first by default',
    tags: ['members'],
    responses: { 200: { description: 'ChangeRequestDto[]', schema: z.array(changeRequestDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'not a network administrator' },
    auth: 'admin',
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ChangeRequestDto[]> {
    const { sort, range, filter } = parseListQuery(query, { sortFields: SORT_FIELDS, filters: FILTERS });
    const [fields, order] = sort ?? [SORT_FIELDS.submitted_at, 'ASC'];
    const direction: SortDirection = order === 'DESC' ? -1 : 1;
    const and: Filter[] = [];
    if (typeof filter.status === 'string' && (CHANGE_REQUEST_STATUSES as readonly string[]).includes(filter.status)) and.push({ status: filter.status });
    if (Array.isArray(filter.id)) and.push({ _id: { $in: filter.id.map(String) } });
    const where: Filter = and.length > 0 ? { $and: and } : {};
    const collection = changeRequestsCollection(this.documentStore);
    const [docs, total] = await Promise.all([
      collection.find(where, { sort: [...fields.map((field) => [field, direction] as const), ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count(where),
    ]);
    const members = new Map((await membersCollection(this.documentStore).getMany([...new Set(docs.map((doc) => doc.member_id))])).map((doc) => [doc._id, doc]));
    const entries = docs.map((doc): ChangeRequestDto => {
      const member = members.get(doc.member_id);
      return {
        id: doc._id,
        member: { id: doc.member_id, name: displayNameOf(member ?? { first_name: '', last_name: '', deleted: true }) },
        // an erased member's values are not shown (the document was written while they were readable)
        changes: member && !member.deleted ? doc.changes : {},
        fields: doc.fields,
        status: doc.status,
        submitted_at: doc.submitted_at,
      };
    });
    return sendList(res, 'change_requests', entries, range, total);
  }
}
