import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { appointmentStream, appointmentTarget, type MeetingStartedEvent, type StartMeetingResponse } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { parentGroupsOf, CalendarAccess } from '../../lookup/calendar-access';
import { CommandRunner } from '../../core/command-runner';
import { AppointmentWriter } from '../appointment-writer';
import { startMeetingDecider } from './start-meeting.decider';

export const START_MEETING = 'StartMeeting';

/** An organizer starts the appointment's meeting (of the series or of one occurrence). */
export class StartMeetingCommand extends Command<StartMeetingResponse> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { appointment_id: string },
  ) {
    super();
  }
}

@CommandHandler(StartMeetingCommand)
export class StartMeetingHandler implements ICommandHandler<StartMeetingCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly writer: AppointmentWriter,
    private readonly calendarAccess: CalendarAccess,
  ) {}

  async execute({ issuer, payload }: StartMeetingCommand): Promise<StartMeetingResponse> {
    const member = await this.writer.member(issuer);
    const target = appointmentTarget(payload.appointment_id);
    const state = await this.writer.state(target.appointmentId);
    const calendars = await this.calendarAccess.calendars(state.fields?.calendar_ids ?? []);
    const viewer = await this.calendarAccess.viewer(member, parentGroupsOf(calendars));
    const handled = await this.commands.run(START_MEETING, {
      streamId: appointmentStream(target.appointmentId),
      decider: startMeetingDecider,
      command: { type: 'StartMeeting', access: { viewer, calendars }, occurrence_start: target.occurrenceStart, now: this.commands.clock().toISOString() },
      context: issuer,
    });
    const started = handled.events.find((event): event is MeetingStartedEvent => event.type === 'MeetingStarted');
    return { position: handled.position, join_url: started?.data.join_url ?? null };
  }
}
