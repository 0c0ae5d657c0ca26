import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { startMeetingResponseSchema, type StartMeetingResponse } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { START_MEETING, StartMeetingCommand } from './start-meeting.command';

@Controller('appointments')
export class StartMeetingController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/start-meeting')
  @HttpCode(200)
  @Endpoint({
    summary: "Start the appointment's meeting (can.start_meeting): records who and when, answers the join URL (join_url, else app_url)",
    tags: ['appointments'],
    auth: 'member',
    command: START_MEETING,
    responses: {
      200: commandAnswer('accepted, { position, join_url }', startMeetingResponseSchema),
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
      404: 'not_found',
      422: 'no_meeting or appointment_canceled',
    },
  })
  async start(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<StartMeetingResponse> {
    const { position, join_url } = await this.commands.execute(new StartMeetingCommand(issuer, { appointment_id: id }));
    return { ...commandAccepted(res, position), join_url };
  }
}
