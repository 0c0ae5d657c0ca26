import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  calendarStream,
  randomCalendarColor,
  type CalendarEvent,
  type createCalendarRequestSchema,
  type shareCalendarRequestSchema,
  type updateCalendarRequestSchema,
} from '@cn/contracts';
import type { CommandContext, HandledCommand } from '@cn/domain';
import { validationProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CalendarAccess } from '../../lookup/calendar-access';
import { CommandLookup } from '../../lookup/command-lookup';
import { calendarDecider, type CalendarCommand } from '../calendar.decider';

type Accepted = { position: number };

/** A member creates a calendar: personal, network (administrators) or group (its administrators). */
export class CreateCalendarCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createCalendarRequestSchema>,
  ) {
    super();
  }
}

/** What changes of one calendar: PUT, DELETE, POST …/share and DELETE …/share. */
export type CalendarChange =
  | ({ action: 'update' } & z.output<typeof updateCalendarRequestSchema>)
  | ({ action: 'share' } & z.output<typeof shareCalendarRequestSchema>)
  | { action: 'delete' }
  | { action: 'remove_share' };

export class ChangeCalendarCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { calendar_id: string; change: CalendarChange },
  ) {
    super();
  }
}

export const CREATE_CALENDAR = 'CreateCalendar';
/** the command name of each change, for cn_commands_total */
export const CALENDAR_CHANGES = { update: 'UpdateCalendar', delete: 'DeleteCalendar', share: 'ShareCalendar', remove_share: 'RemoveCalendarShare' } as const;

/** Shared steps of the calendar commands: who asks, which members exist, and the decider on the calendar stream. */
class CalendarCommands {
  constructor(
    readonly runner: CommandRunner,
    readonly lookup: CommandLookup,
    readonly calendarAccess: CalendarAccess,
  ) {}

  /** members a calendar is shared with must exist */
  async requireMembers(memberIds: readonly string[] | undefined, field: string): Promise<void> {
    if (!memberIds || memberIds.length === 0) return;
    const members = await Promise.all(memberIds.map((id) => this.lookup.member(id)));
    const errors = memberIds.flatMap((_id, i) => (members[i] && !members[i].erased ? [] : [{ field: `${field}.${i}`, key: 'unknown_member' }]));
    if (errors.length > 0) throw validationProblem(errors);
  }

  run(name: string, calendarId: string, issuer: CommandContext, command: CalendarCommand): Promise<HandledCommand<CalendarEvent>> {
    return this.runner.run(name, { streamId: calendarStream(calendarId), decider: calendarDecider, command, context: issuer });
  }
}

@CommandHandler(CreateCalendarCommand)
export class CreateCalendarHandler implements ICommandHandler<CreateCalendarCommand> {
  private readonly commands: CalendarCommands;

  constructor(runner: CommandRunner, lookup: CommandLookup, calendarAccess: CalendarAccess) {
    this.commands = new CalendarCommands(runner, lookup, calendarAccess);
  }

  async execute({ issuer, payload: request }: CreateCalendarCommand): Promise<{ id: string; position: number }> {
    const member = await this.commands.lookup.issuer(issuer);
    const requested = request.type ?? request.calendar.type ?? 'personal';
    // a 'shared' calendar is a personal calendar given to other members
    const type = requested === 'shared' ? 'personal' : requested;
    const parentId = type === 'group' ? (request.parent_id ?? null) : null;
    await this.commands.requireMembers(request.calendar.membership_ids, 'calendar.membership_ids');
    const group = parentId ? await this.commands.calendarAccess.group(parentId) : null;
    const viewer = await this.commands.calendarAccess.viewer(member, parentId ? [parentId] : []);
    const calendarId = randomUUID();
    const handled = await this.commands.run(CREATE_CALENDAR, calendarId, issuer, {
      type: 'CreateCalendar',
      calendar_id: calendarId,
      calendar_type: type,
      parent_id: parentId,
      name: request.calendar.name,
      color: request.calendar.color ?? randomCalendarColor(Math.random()),
      share_with: request.calendar.membership_ids ?? [],
      viewer,
      parent_group_exists: group?.exists ?? false,
    });
    return { id: calendarId, position: handled.position };
  }
}

@CommandHandler(ChangeCalendarCommand)
export class ChangeCalendarHandler implements ICommandHandler<ChangeCalendarCommand> {
  private readonly commands: CalendarCommands;

  constructor(runner: CommandRunner, lookup: CommandLookup, calendarAccess: CalendarAccess) {
    this.commands = new CalendarCommands(runner, lookup, calendarAccess);
  }

  private async command(change: CalendarChange, viewer: CalendarCommand['viewer']): Promise<CalendarCommand> {
    switch (change.action) {
      case 'update': {
        const { calendar } = change;
        await this.commands.requireMembers(calendar.membership_ids, 'calendar.membership_ids');
        return { type: 'UpdateCalendar', name: calendar.name, color: calendar.color, share_with: calendar.membership_ids, viewer };
      }
      case 'share': {
        await this.commands.requireMembers(change.membership_ids, 'membership_ids');
        return { type: 'ShareCalendar', member_ids: change.membership_ids, viewer };
      }
      case 'delete':
        return { type: 'DeleteCalendar', viewer };
      case 'remove_share':
        return { type: 'RemoveCalendarShare', viewer };
    }
  }

  async execute({ issuer, payload: { calendar_id: id, change } }: ChangeCalendarCommand): Promise<Accepted> {
    const member = await this.commands.lookup.issuer(issuer);
    const calendar = await this.commands.calendarAccess.calendar(id);
    const viewer = await this.commands.calendarAccess.viewer(member, calendar.parent_id ? [calendar.parent_id] : []);
    const handled = await this.commands.run(CALENDAR_CHANGES[change.action], id, issuer, await this.command(change, viewer));
    return { position: handled.position };
  }
}
