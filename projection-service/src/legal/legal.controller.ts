import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  imprintDtoSchema,
  LEGAL_ACCEPTANCE_EXPORT_COLUMNS,
  legalAcceptanceDtoSchema,
  legalTextDtoSchema,
  pendingConsentsResponseSchema,
  publicImprintDtoSchema,
  publicLegalTextDtoSchema,
  type ImprintDto,
  type LegalAcceptanceDto,
  type LegalTextDto,
  type PendingConsentsResponse,
  type PublicImprintDto,
  type PublicLegalTextDto,
} from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseListQuery, parseWith, type RequestContext, requireMember, sendList } from '@cn/platform';
import { CSV_CONTENT_TYPE, writeCsv } from '../exports/csv';
import { IMPRINT_ID } from './legal.projection';
import { acceptanceFilterOf, currentHtml, findLegalTextByHandle, imprintCollection, legalAcceptancesCollection, legalTextsCollection, liveLegalTexts, pendingConsentsOf, toAcceptanceDtos, toLegalTextDtos } from './legal.read';

const tags = ['legal'];
const TEXT_SORT: Record<string, string> = { name: 'name', updated_at: 'updated_at', handle: 'handle', id: '_id' };
const ACCEPTANCE_SORT: Record<string, string> = { accepted_at: 'position', position: 'position', version: 'version', id: 'position' };
const exportQuerySchema = z.object({ legal_text_id: z.string().max(100, { message: 'too_long' }).optional() }).strict();
const EXPORT_LIMIT = 100_000;

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class LegalController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get('administration/imprint/edit')
  @Endpoint({
    summary: 'The imprint form: web and mail imprint, show_newsletter_info and the revision to save at (administrators; auditors read)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'ImprintDto', schema: imprintDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  async imprintForm(): Promise<ImprintDto> {
    const doc = await imprintCollection(this.documentStore).get(IMPRINT_ID);
    return doc
      ? { content: doc.content, mail_imprint: doc.mail_imprint, show_newsletter_info: doc.show_newsletter_info, revision: doc.revision, updated_at: doc.updated_at }
      : { content: '', mail_imprint: '', show_newsletter_info: false, revision: 0, updated_at: null };
  }

  @Get('api/v1/imprint')
  @Endpoint({
    summary: 'The public imprint with the links to the legal texts (signed out too)',
    tags,
    auth: 'none',
    responses: { 200: { description: 'PublicImprintDto', schema: publicImprintDtoSchema } },
  })
  async imprint(): Promise<PublicImprintDto> {
    const [doc, texts] = await Promise.all([imprintCollection(this.documentStore).get(IMPRINT_ID), liveLegalTexts(this.documentStore)]);
    return { content: doc?.content ?? '', show_newsletter_info: doc?.show_newsletter_info ?? false, legal_texts: texts.map((text) => ({ name: text.name, handle: text.handle })) };
  }

  @Get('api/v1/legal_texts/:handle')
  @Endpoint({
    summary: "A legal text's current version by its handle (the public page /legal/{handle}, signed out too)",
    tags,
    auth: 'none',
    responses: { 200: { description: 'PublicLegalTextDto', schema: publicLegalTextDtoSchema }, 404: 'not_found' },
  })
  async legalText(@Param('handle') handle: string): Promise<PublicLegalTextDto> {
    const doc = await findLegalTextByHandle(this.documentStore, handle);
    if (!doc) throw new HttpProblem(404, 'not_found');
    return { name: doc.name, handle: doc.handle, statement: doc.statement, html_text: currentHtml(doc), version: doc.current_version, updated_at: doc.updated_at };
  }

  @Get('api/v1/legal/pending')
  @Endpoint({
    summary: 'The legal text versions the signed-in member has yet to accept (the console shows the consent screen until none is left)',
    tags,
    auth: 'member',
    responses: { 200: { description: 'PendingConsentsResponse', schema: pendingConsentsResponseSchema }, 401: 'signed out' },
  })
  async pending(@Ctx() ctx: RequestContext): Promise<PendingConsentsResponse> {
    return { pending: await pendingConsentsOf(this.documentStore, requireMember(ctx)) };
  }

  @Get('administration/legal_texts')
  @Endpoint({
    summary: 'Legal texts for react-admin (sort name/updated_at/handle, range; Content-Range)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'LegalTextDto[]', schema: z.array(legalTextDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  async legalTexts(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<LegalTextDto[]> {
    const { range, sort } = parseListQuery(query, { sortFields: TEXT_SORT, filters: [] });
    const field = sort ? TEXT_SORT[sort[0]] : 'name';
    const direction = sort?.[1] === 'DESC' ? -1 : 1;
    const collection = legalTextsCollection(this.documentStore);
    const [docs, total] = await Promise.all([
      collection.find({ deleted: false }, { sort: [[field, direction], ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count({ deleted: false }),
    ]);
    return sendList(res, 'legal_texts', await toLegalTextDtos(this.documentStore, docs), range, total);
  }

  @Get('administration/legal_texts/:id')
  @Endpoint({
    summary: 'A legal text with its versions, newest first',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'LegalTextDto', schema: legalTextDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async legalTextById(@Param('id') id: string): Promise<LegalTextDto> {
    const doc = await legalTextsCollection(this.documentStore).get(id);
    if (!doc || doc.deleted) throw new HttpProblem(404, 'not_found');
    const [dto] = await toLegalTextDtos(this.documentStore, [doc]);
    return dto;
  }

  @Get('administration/legal_acceptances')
  @Endpoint({
    summary: 'The consent ledger for react-admin: who accepted which version and when (filter legal_text_id, member_id; Content-Range)',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'LegalAcceptanceDto[]', schema: z.array(legalAcceptanceDtoSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  async acceptances(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<LegalAcceptanceDto[]> {
    const { range, sort, filter } = parseListQuery(query, { sortFields: ACCEPTANCE_SORT, filters: ['legal_text_id', 'member_id'] });
    const where = acceptanceFilterOf(filter);
    const direction = sort?.[1] === 'ASC' ? 1 : -1;
    const collection = legalAcceptancesCollection(this.documentStore);
    const [docs, total] = await Promise.all([
      collection.find(where, { sort: [[sort ? ACCEPTANCE_SORT[sort[0]] : 'position', direction], ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count(where),
    ]);
    return sendList(res, 'legal_acceptances', await toAcceptanceDtos(this.documentStore, docs), range, total);
  }

  @Get('administration/legal_acceptances.csv')
  @Endpoint({
    summary: 'The consent ledger as CSV (optional legal_text_id), oldest first',
    tags,
    auth: 'auditor',
    query: exportQuerySchema,
    responses: { 200: 'text/csv', 400: 'validation_failed', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  exportCsv(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<string | LegalAcceptanceDto[]> {
    return this.exportAcceptances('csv', query, res);
  }

  @Get('administration/legal_acceptances.json')
  @Endpoint({
    summary: 'The consent ledger as a JSON download (optional legal_text_id), oldest first',
    tags,
    auth: 'auditor',
    query: exportQuerySchema,
    responses: { 200: { description: 'LegalAcceptanceDto[]', schema: z.array(legalAcceptanceDtoSchema) }, 400: 'validation_failed', 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  exportJson(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<string | LegalAcceptanceDto[]> {
    return this.exportAcceptances('json', query, res);
  }

  private async exportAcceptances(format: 'csv' | 'json', query: Record<string, unknown>, res: Response): Promise<string | LegalAcceptanceDto[]> {
    const parsed = { ...parseWith(exportQuerySchema, query), format };
    const docs = await legalAcceptancesCollection(this.documentStore).find(parsed.legal_text_id ? { legal_text_id: parsed.legal_text_id } : {}, { sort: [['position', 1]], limit: EXPORT_LIMIT });
    const rows = await toAcceptanceDtos(this.documentStore, docs);
    res.setHeader('Content-Disposition', `attachment; filename="legal_acceptances.${parsed.format}"`);
    if (parsed.format === 'json') return rows;
    res.setHeader('Content-Type', CSV_CONTENT_TYPE);
    return writeCsv(LEGAL_ACCEPTANCE_EXPORT_COLUMNS, rows.map((row) => LEGAL_ACCEPTANCE_EXPORT_COLUMNS.map((column) => row[column])));
  }
}
