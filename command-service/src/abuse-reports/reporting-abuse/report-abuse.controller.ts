import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { abuseReportRequestSchema, createdAcceptedSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { REPORT_ABUSE, ReportAbuseCommand } from './report-abuse.command';

@Controller('report')
export class ReportAbuseController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: "Report a page of the network to its administrators { url, reason } (when the network's basic settings enable abuse reports)",
    tags: ['abuse-reports'],
    auth: 'member',
    command: REPORT_ABUSE,
    body: abuseReportRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position }', createdAcceptedSchema),
      400: 'validation_failed',
      401: 'unauthenticated',
      409: 'concurrency_conflict',
      422: 'abuse_reports_disabled',
    },
  })
  async report(@Issuer() issuer: CommandContext, @Payload() payload: ReportAbuseCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new ReportAbuseCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
