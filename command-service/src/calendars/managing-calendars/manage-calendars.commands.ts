import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  calendarStream,
  createCalendarRequestSchema,
  randomCalendarColor,
  shareCalendarRequestSchema,
  updateCalendarRequestSchema,
  type CalendarEvent,
} from '@cn/contracts';
import { INFRASTRUCTURE, parseWith, validationProblem, type Infrastructure, type RequestContext } from '@cn/platform';
import { type HandledCommand } from '@cn/domain';
import { CalendarAccess } from '../../lookup/calendar-access';
import { CommandLookup } from '../../lookup/command-lookup';
import type { LookupMember } from '../../lookup/lookup.projections';
import { countRefusal, executeCommand } from '../../shared/execute-command';
import { calendarDecider, type CalendarCommand } from '../calendar.decider';

type Accepted = { position: number };

export class CreateCalendarCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

/** PUT, DELETE, POST …/share and DELETE …/share of one calendar. */
export class ChangeCalendarCommand extends Command<Accepted> {
  constructor(
    readonly id: string,
    readonly action: 'update' | 'delete' | 'share' | 'remove_share',
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

const NAMES = { update: 'UpdateCalendar', delete: 'DeleteCalendar', share: 'ShareCalendar', remove_share: 'RemoveCalendarShare' } as const;

/** Shared steps of the calendar commands: who asks, which members exist, and the decider on the calendar stream. */
class CalendarCommands {
  constructor(
    readonly infra: Infrastructure,
    readonly lookup: CommandLookup,
    readonly calendarAccess: CalendarAccess,
  ) {}

  member(name: string, ctx: RequestContext): Promise<LookupMember> {
    return this.lookup.requireActiveMember(ctx).catch((error: unknown) => countRefusal(this.infra, name, error));
  }

  /** members a calendar is shared with must exist */
  async requireMembers(memberIds: readonly string[] | undefined, field: string): Promise<void> {
    if (!memberIds || memberIds.length === 0) return;
    const members = await Promise.all(memberIds.map((id) => this.lookup.member(id)));
    const errors = memberIds.flatMap((_id, i) => (members[i] && !members[i].erased ? [] : [{ field: `${field}.${i}`, key: 'unknown_member' }]));
    if (errors.length > 0) throw validationProblem(errors);
  }

  run(name: string, calendarId: string, member: LookupMember, ctx: RequestContext, command: CalendarCommand): Promise<HandledCommand<CalendarEvent>> {
    return executeCommand(this.infra, name, {
      streamId: calendarStream(calendarId),
      decider: calendarDecider,
      command,
      context: { memberId: member._id, correlationId: ctx.correlationId, causationId: ctx.requestId },
    });
  }
}

@CommandHandler(CreateCalendarCommand)
export class CreateCalendarHandler implements ICommandHandler<CreateCalendarCommand> {
  private readonly commands: CalendarCommands;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, lookup: CommandLookup, calendarAccess: CalendarAccess) {
    this.commands = new CalendarCommands(infra, lookup, calendarAccess);
  }

  async execute({ body, ctx }: CreateCalendarCommand): Promise<{ id: string; position: number }> {
    const member = await this.commands.member('CreateCalendar', ctx);
    const request = parseWith(createCalendarRequestSchema, body);
    const requested = request.type ?? request.calendar.type ?? 'personal';
    // a 'shared' calendar is a personal calendar given to other members
    const type = requested === 'shared' ? 'personal' : requested;
    const parentId = type === 'group' ? (request.parent_id ?? null) : null;
    await this.commands.requireMembers(request.calendar.membership_ids, 'calendar.membership_ids').catch((error: unknown) => countRefusal(this.commands.infra, 'CreateCalendar', error));
    const group = parentId ? await this.commands.calendarAccess.group(parentId) : null;
    const viewer = await this.commands.calendarAccess.viewer(member, parentId ? [parentId] : []);
    const calendarId = randomUUID();
    const handled = await this.commands.run('CreateCalendar', calendarId, member, ctx, {
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

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, lookup: CommandLookup, calendarAccess: CalendarAccess) {
    this.commands = new CalendarCommands(infra, lookup, calendarAccess);
  }

  private async command(action: ChangeCalendarCommand['action'], body: unknown, viewer: CalendarCommand['viewer']): Promise<CalendarCommand> {
    switch (action) {
      case 'update': {
        const { calendar } = parseWith(updateCalendarRequestSchema, body);
        await this.commands.requireMembers(calendar.membership_ids, 'calendar.membership_ids');
        return { type: 'UpdateCalendar', name: calendar.name, color: calendar.color, share_with: calendar.membership_ids, viewer };
      }
      case 'share': {
        const request = parseWith(shareCalendarRequestSchema, body);
        await this.commands.requireMembers(request.membership_ids, 'membership_ids');
        return { type: 'ShareCalendar', member_ids: request.membership_ids, viewer };
      }
      case 'delete':
        return { type: 'DeleteCalendar', viewer };
      case 'remove_share':
        return { type: 'RemoveCalendarShare', viewer };
    }
  }

  async execute({ id, action, body, ctx }: ChangeCalendarCommand): Promise<Accepted> {
    const name = NAMES[action];
    const member = await this.commands.member(name, ctx);
    const calendar = await this.commands.calendarAccess.calendar(id);
    const viewer = await this.commands.calendarAccess.viewer(member, calendar.parent_id ? [calendar.parent_id] : []);
    const command = await this.command(action, body, viewer).catch((error: unknown) => countRefusal(this.commands.infra, name, error));
    const handled = await this.commands.run(name, id, member, ctx, command);
    return { position: handled.position };
  }
}
