import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AUDIT_MAX_LIMIT, auditExportQuerySchema } from '@cn/contracts';
import { type DocumentStore, Endpoint, InjectPort, parseWith, type PersonalDataCipher } from '@cn/platform';
import { findAuditPage, toAuditDtos } from './audit.read';

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

/**
 * The history, or the part a filter picks, as NDJSON (one AuditEventDto per line, oldest first): read page
 * by page on the position and written as the client takes it, so an export of the whole history holds one
 * page in memory. Credentials are redacted as in every audit answer; erased members' data shows the fallbacks.
 */
@Controller('api/v1/audit/export')
export class AuditExportController {
  constructor(
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  @Get()
  @Endpoint({
    summary: 'Export the history or a filtered part of it (NDJSON, one AuditEventDto per line, oldest first)',
    tags: ['audit'],
    query: auditExportQuerySchema,
    responses: { 200: 'application/x-ndjson: AuditEventDto per line', 400: 'invalid query', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async export(@Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const filter = parseWith(auditExportQuerySchema, query);
    const stamp = this.clock().toISOString().replace(/[:.]/g, '-');
    res
      .status(200)
      .type('application/x-ndjson')
      .setHeader('cache-control', 'no-store')
      .setHeader('content-disposition', `attachment; filename="history-${stamp}.ndjson"`);
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    let after: number | undefined;
    do {
      const { entries, next } = await findAuditPage(this.documentStore, { ...filter, after, limit: AUDIT_MAX_LIMIT, order: 'asc' });
      const lines = (await toAuditDtos(entries, this.documentStore, this.cipher)).map((dto) => `${JSON.stringify(dto)}\n`).join('');
      if (lines !== '' && !res.write(lines) && !closed) await drained(res);
      after = next ?? undefined;
    } while (after !== undefined && !closed);
    res.end();
  }
}
