import { z } from 'zod';
import { auditActorDtoSchema, auditQuerySchema, auditEventsResponseSchema, auditEventDtoSchema, type AuditActorDto, type AuditEventDto, type AuditEventsResponse } from '@cn/contracts';
import { Controller, Get, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, InjectPort, parseListQuery, parseWith, type PersonalDataCipher, sendList } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { auditCollection, auditFilterOf, findAuditPage, toAuditDtos } from './audit.read';

/** react-admin sort fields → audit read-model fields */
const SORT_FIELDS: Record<string, string> = {
  id: 'position',
  position: 'position',
  when: 'occurred_at',
  type: 'type',
  stream: 'stream',
};
const AUDIT_FILTERS = ['stream', 'type', 'member', 'correlation', 'from', 'to'] as const;
const ACTOR_FILTERS = ['q', 'id'] as const;
const ACTOR_SORT_FIELDS: Record<string, string> = { name: 'last_name', id: '_id' };

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;


@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class AuditController {
  constructor(
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}


  @Get('api/v1/audit/events')
  @Endpoint({
    summary: 'Event history with revealed data (auditors and network administrators)',
    tags: ['audit'],
    query: auditQuerySchema,
    responses: { 200: { description: 'AuditEventsResponse', schema: auditEventsResponseSchema }, 400: 'invalid query', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async events(@Query() query: Record<string, unknown>): Promise<AuditEventsResponse> {
    const parsed = parseWith(auditQuerySchema, query);
    const { entries, next } = await findAuditPage(this.documentStore, parsed);
    return { events: await toAuditDtos(entries, this.documentStore, this.cipher), next };
  }

  @Get('administration/audit-actors')
  @Endpoint({
    summary: 'Members to filter the event history by, with the names its rows show (react-admin list; filter q or id; Content-Range)',
    tags: ['audit'],
    responses: { 200: { description: 'AuditActorDto[]', schema: z.array(auditActorDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async actors(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AuditActorDto[]> {
    const { range, filter } = parseListQuery(query, { sortFields: ACTOR_SORT_FIELDS, filters: ACTOR_FILTERS });
    const q = optionalText(filter.q);
    // by name only: an auditor learns no address from the picker
    const where = {
      $and: [
        ...(q ? [{ $or: [{ first_name: { $like: q } }, { last_name: { $like: q } }] }] : []),
        ...(Array.isArray(filter.id) ? [{ _id: { $in: filter.id.map(String) } }] : [{ deleted: false }]),
      ],
    };
    const collection = membersCollection(this.documentStore);
    const [docs, total] = await Promise.all([
      collection.find(where, { sort: [['last_name', 1], ['first_name', 1], ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count(where),
    ]);
    return sendList(res, 'audit-actors', docs.map((doc) => ({ id: doc._id, name: displayNameOf(doc) })), range, total);
  }

  @Get('administration/audit-events')
  @Endpoint({
    summary: 'Event history for react-admin (sort, range, filter stream/type/member/correlation/from/to; Content-Range)',
    tags: ['audit'],
    responses: { 200: { description: 'AuditEventDto[]', schema: z.array(auditEventDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuditEventDto[]> {
    const { sort, range, filter } = parseListQuery(query, { sortFields: SORT_FIELDS, filters: AUDIT_FILTERS });
    const [field, order] = sort ?? ['position', 'DESC'];
    const and = auditFilterOf({
      stream: optionalText(filter.stream),
      type: optionalText(filter.type),
      member: optionalText(filter.member),
      correlation: optionalText(filter.correlation),
      from: optionalText(filter.from),
      to: optionalText(filter.to),
    });
    const where = and.length ? { $and: and } : {};
    const collection = auditCollection(this.documentStore);
    const direction = order === 'DESC' ? -1 : 1;
    const [entries, total] = await Promise.all([
      collection.find(where, {
        sort: [[field, direction], ['position', direction]],
        skip: range[0],
        limit: range[1] - range[0] + 1,
      }),
      collection.count(where),
    ]);
    const dtos = await toAuditDtos(entries, this.documentStore, this.cipher);
    return sendList(res, 'audit-events', dtos, range, total);
  }
}
