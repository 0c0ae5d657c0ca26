import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { newsletterStream, type updateUpcomingActivitiesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { newsletterDecider } from '../newsletter.decider';

export const UPDATE_UPCOMING_ACTIVITIES = 'UpdateUpcomingActivities';

export class UpdateUpcomingActivitiesCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof updateUpcomingActivitiesRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(UpdateUpcomingActivitiesCommand)
export class UpdateUpcomingActivitiesHandler implements ICommandHandler<UpdateUpcomingActivitiesCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: UpdateUpcomingActivitiesCommand): Promise<{ position: number }> {
    const unknownIds = await this.lookup.unknownAppointments(payload.order);
    const handled = await this.commands.run(UPDATE_UPCOMING_ACTIVITIES, {
      streamId: newsletterStream(),
      decider: newsletterDecider,
      command: { type: 'UpdateUpcomingActivities', order: payload.order, revision: payload.revision, unknown_ids: unknownIds },
      context: issuer,
    });
    return { position: handled.position };
  }
}
