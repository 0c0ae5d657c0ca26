import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { IntegrityLine } from '@cn/contracts';
import { Endpoint, type EventStore, InjectPort } from '@cn/platform';

/**
 * Verifies the history's hash chain for auditors and network administrators, as NDJSON: a progress line
 * per chunk walked, then the outcome (the head to keep outside the system, or the first break).
 */
@Controller('api/v1/audit/integrity')
export class IntegrityController {
  constructor(
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  @Get()
  @Endpoint({
    summary: "Verify the history's hash chain (NDJSON: progress lines, then the result)",
    tags: ['audit'],
    responses: { 200: 'application/x-ndjson: IntegrityLine per line', 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async verify(@Res() res: Response): Promise<void> {
    res.status(200).type('application/x-ndjson').setHeader('cache-control', 'no-store');
    const write = (line: IntegrityLine): void => {
      res.write(`${JSON.stringify(line)}\n`);
    };
    if (!this.eventStore.verifyChain) {
      write({ type: 'result', available: false, checked: 0, head: null, first_break: null, verified_at: this.clock().toISOString() });
      res.end();
      return;
    }
    const verified = await this.eventStore.verifyChain((checked, head) => write({ type: 'progress', checked, head }));
    write({
      type: 'result',
      available: true,
      checked: verified.checked,
      head: verified.head,
      first_break: verified.firstBreak,
      verified_at: this.clock().toISOString(),
    });
    res.end();
  }
}
