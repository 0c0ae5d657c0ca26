import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { appointmentStream, appointmentTarget, startMeetingResponseSchema, type MeetingStartedEvent, type StartMeetingResponse } from '@cn/contracts';
import { commandAccepted, Ctx, INFRASTRUCTURE, openApi, commandAnswer, type Infrastructure, type RequestContext } from '@cn/platform';
import { Inject } from '@nestjs/common';
import { parentGroupsOf, CalendarAccess } from '../../lookup/calendar-access';
import { executeCommand } from '../../shared/execute-command';
import { AppointmentWriter } from '../appointment-writer';
import { startMeetingDecider } from './start-meeting.decider';

const NAME = 'StartMeeting';

export class StartMeetingCommand extends Command<StartMeetingResponse> {
  constructor(
    readonly id: string,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(StartMeetingCommand)
export class StartMeetingHandler implements ICommandHandler<StartMeetingCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly writer: AppointmentWriter,
    private readonly calendarAccess: CalendarAccess,
  ) {}

  async execute({ id, ctx }: StartMeetingCommand): Promise<StartMeetingResponse> {
    const member = await this.writer.member(NAME, ctx);
    const target = appointmentTarget(id);
    const state = await this.writer.state(target.appointmentId);
    const calendars = await this.calendarAccess.calendars(state.fields?.calendar_ids ?? []);
    const viewer = await this.calendarAccess.viewer(member, parentGroupsOf(calendars));
    const handled = await executeCommand(this.infra, NAME, {
      streamId: appointmentStream(target.appointmentId),
      decider: startMeetingDecider,
      command: { type: 'StartMeeting', access: { viewer, calendars }, occurrence_start: target.occurrenceStart, now: this.infra.clock().toISOString() },
      context: { memberId: member._id, correlationId: ctx.correlationId, causationId: ctx.requestId },
    });
    const started = handled.events.find((event): event is MeetingStartedEvent => event.type === 'MeetingStarted');
    return { position: handled.position, join_url: started?.data.join_url ?? null };
  }
}

openApi.route({
  method: 'post',
  path: '/appointments/{id}/start-meeting',
  summary: "Start the appointment's meeting (can.start_meeting): records who and when, answers the join URL (join_url, else app_url)",
  tags: ['appointments'],
  auth: 'member',
  responses: {
    200: commandAnswer('accepted, { position, join_url }', startMeetingResponseSchema),
    401: 'unauthenticated',
    403: 'forbidden or invalid_csrf_token',
    404: 'not_found',
    422: 'no_meeting or appointment_canceled',
  },
});

@Controller('appointments')
export class StartMeetingController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/start-meeting')
  @HttpCode(200)
  async start(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<StartMeetingResponse> {
    const { position, join_url } = await this.commands.execute(new StartMeetingCommand(id, ctx));
    return { ...commandAccepted(res, position), join_url };
  }
}
