import { appointmentStream, type AppointmentEvent } from '@cn/contracts';
import { loadState, type CommandContext, type HandledCommand } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import { parentGroupsOf, type CalendarAccess } from '../lookup/calendar-access';
import type { CommandLookup } from '../lookup/command-lookup';
import type { LookupMember } from '../lookup/lookup.projections';
import { executeCommand } from '../shared/execute-command';
import { appointmentDecider, type Access, type AppointmentCommand } from './appointment.decider';
import type { AppointmentState } from './appointment-state';

export interface AppointmentCommandInput {
  access: Access;
  /** the clock's time (ISO) */
  now: string;
  member: LookupMember;
  /** the appointment as it was before deciding (the decision itself re-reads the stream) */
  state: AppointmentState;
}

/**
 * The shell every appointment command runs through: the signed-in member, the appointment's calendars
 * and the member's memberships of their groups (what authorization needs), then the decider on the
 * appointment stream. Racing commands on one appointment are re-decided on the fresh stream, so an
 * attendee limit holds however many members answer at once.
 */
export class AppointmentWriter {
  constructor(
    private readonly infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'> & Partial<Pick<Infrastructure, 'snapshots'>>,
    private readonly lookup: CommandLookup,
    private readonly calendarAccess: CalendarAccess,
  ) {}

  /** the signed-in member the guard let through */
  member(issuer: CommandContext): Promise<LookupMember> {
    return this.lookup.issuer(issuer);
  }

  /**
   * The appointment as the store has it, folded through the decider's cache: only the events since the
   * last command on it are read (a popular appointment's stream grows with every answer).
   */
  async state(appointmentId: string): Promise<AppointmentState> {
    return (await loadState(this.infra.eventStore, appointmentStream(appointmentId), appointmentDecider, this.infra.snapshots)).state;
  }

  async execute(options: {
    name: string;
    issuer: CommandContext;
    member: LookupMember;
    appointmentId: string;
    /** calendars the command brings in besides the appointment's own */
    calendarIds?: readonly string[];
    build: (input: AppointmentCommandInput) => AppointmentCommand;
  }): Promise<HandledCommand<AppointmentEvent> & { state: AppointmentState }> {
    const { name, issuer, member, appointmentId } = options;
    const state = await this.state(appointmentId);
    const calendars = await this.calendarAccess.calendars([...(state.fields?.calendar_ids ?? []), ...(options.calendarIds ?? [])]);
    const viewer = await this.calendarAccess.viewer(member, parentGroupsOf(calendars));
    const command = options.build({ access: { viewer, calendars }, now: this.infra.clock().toISOString(), member, state });
    const handled = await executeCommand(this.infra, name, {
      streamId: appointmentStream(appointmentId),
      decider: appointmentDecider,
      command,
      context: issuer,
    });
    return { ...handled, state };
  }
}
