import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { abuseReportAbilities, abuseReportStream, type AbuseReportRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { abuseReportDecider } from '../abuse-report.decider';

export const REPORT_ABUSE = 'ReportAbuse';

/** A signed-in member reports a page of the network. */
export class ReportAbuseCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: Required<AbuseReportRequest>,
  ) {
    super();
  }
}

/** Load (the reporter, the network's settings), decide, append on a new report's stream. */
@CommandHandler(ReportAbuseCommand)
export class ReportAbuseHandler implements ICommandHandler<ReportAbuseCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ReportAbuseCommand): Promise<{ id: string; position: number }> {
    const reporter = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    const id = randomUUID();
    const handled = await this.commands.run(REPORT_ABUSE, {
      streamId: abuseReportStream(id),
      decider: abuseReportDecider,
      command: { type: 'ReportAbuse', report_id: id, reporter_id: reporter._id, url: payload.url, reason: payload.reason, can: abuseReportAbilities(settings.basic, true) },
      context: issuer,
    });
    return { id, position: handled.position };
  }
}
