import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { updateUpcomingActivitiesRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { UPDATE_UPCOMING_ACTIVITIES, UpdateUpcomingActivitiesCommand } from './update-upcoming-activities.command';

@Controller('administration/newsletter/settings/update_upcoming_activities')
export class UpdateUpcomingActivitiesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: "Save the order of the newsletter's upcoming activities (appointment ids, first shown first)",
    tags: ['newsletter'],
    auth: 'admin',
    command: UPDATE_UPCOMING_ACTIVITIES,
    body: updateUpcomingActivitiesRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed; unknown_activity (order names an appointment that does not exist)',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'concurrency_conflict (revision given and saved by someone else since)',
    },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: UpdateUpcomingActivitiesCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new UpdateUpcomingActivitiesCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
