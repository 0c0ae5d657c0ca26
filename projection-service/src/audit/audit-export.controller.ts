import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AUDIT_MAX_LIMIT, auditExportQuerySchema, memberStream } from '@cn/contracts';
import { type DocumentStore, Endpoint, InjectPort, Member, parseWith, type PersonalDataCipher, type SignedInMember } from '@cn/platform';
import type { AuditEntryDocument } from './audit.projection';
import { auditFilterOf, findHistoryPage, ownHistoryFilter, toAuditDtos } from './audit.read';

/** resolves once the response can take more (or has closed) */
const drained = (res: Response): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });

type Page = (after: number) => Promise<{ entries: AuditEntryDocument[]; next: number | null }>;

/**
 * NDJSON, one AuditEventDto per line, oldest first: read page by page on the position and written as the
 * client takes it, so an export of the whole history holds one page in memory. Credentials are redacted as
 * in every audit answer; erased members' data shows the fallbacks.
 */
@Controller()
export class AuditExportController {
  constructor(
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  @Get('api/v1/audit/export')
  @Endpoint({
    summary: 'Export the history or a filtered part of it (NDJSON, one AuditEventDto per line, oldest first)',
    tags: ['audit'],
    query: auditExportQuerySchema,
    responses: { 200: 'application/x-ndjson: AuditEventDto per line', 400: 'invalid query', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async export(@Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const and = auditFilterOf(parseWith(auditExportQuerySchema, query));
    const where = and.length > 0 ? { $and: and } : {};
    await this.stream(res, 'history', (after) => findHistoryPage(this.documentStore, where, after, AUDIT_MAX_LIMIT));
  }

  @Get('api/v1/members/me/history')
  @Endpoint({
    summary: "The signed-in member's personal-data export: what they did and what happened to their own account (NDJSON, oldest first)",
    tags: ['members'],
    responses: { 200: 'application/x-ndjson: AuditEventDto per line', 401: 'signed out' },
    auth: 'member',
  })
  async own(@Member() member: SignedInMember, @Res() res: Response): Promise<void> {
    const where = ownHistoryFilter(member.id, memberStream(member.id));
    await this.stream(res, 'my-activity', (after) => findHistoryPage(this.documentStore, where, after, AUDIT_MAX_LIMIT));
  }

  private async stream(res: Response, name: string, page: Page): Promise<void> {
    const stamp = this.clock().toISOString().replace(/[:.]/g, '-');
    res
      .status(200)
      .type('application/x-ndjson')
      .setHeader('cache-control', 'no-store')
      .setHeader('content-disposition', `attachment; filename="${name}-${stamp}.ndjson"`);
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    let after: number | null = 0;
    while (after !== null && !closed) {
      const { entries, next } = await page(after);
      const lines = (await toAuditDtos(entries, this.documentStore, this.cipher)).map((dto) => `${JSON.stringify(dto)}\n`).join('');
      if (lines !== '' && !res.write(lines) && !closed) await drained(res);
      after = next;
    }
    res.end();
  }
}
