import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  appointmentTarget,
  type addParticipantsRequestSchema,
  type ApplyTo,
  type changeParticipantStatusRequestSchema,
  type removeParticipantRequestSchema,
} from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, validationProblem, type MailPort } from '@cn/platform';
import { CalendarAccess } from '../../lookup/calendar-access';
import { CommandLookup } from '../../lookup/command-lookup';
import { AppointmentWriter } from '../appointment-writer';
import { sendInvitationMails } from './invitation-mails';

type Accepted = { position: number };

export const ADD_PARTICIPANTS = 'AddParticipants';
export const CHANGE_PARTICIPANT_STATUS = 'ChangeParticipantStatus';
export const REMOVE_PARTICIPANT = 'RemoveParticipant';

/** the appointment (or occurrence, `r-` id) a participant command is about */
interface OnAppointment {
  appointment_id: string;
}

/** An organizer adds members, groups and membership roles as participants. */
export class AddParticipantsCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof addParticipantsRequestSchema> & OnAppointment,
  ) {
    super();
  }
}

/** A participant answers for themselves (`participant_id` 'me'), or an organizer sets someone's status. */
export class ChangeParticipantStatusCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changeParticipantStatusRequestSchema> & OnAppointment & { participant_id: string },
  ) {
    super();
  }
}

export class RemoveParticipantCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof removeParticipantRequestSchema> & OnAppointment & { participant_id: string },
  ) {
    super();
  }
}

/** apply_to 'this' on an occurrence id touches that occurrence; anything else the whole series. */
export const occurrenceFor = (id: string, applyTo: ApplyTo): { appointmentId: string; occurrenceStart: string | null } => {
  const target = appointmentTarget(id);
  return { appointmentId: target.appointmentId, occurrenceStart: applyTo === 'this' ? target.occurrenceStart : null };
};

@CommandHandler(AddParticipantsCommand)
export class AddParticipantsHandler implements ICommandHandler<AddParticipantsCommand> {
  constructor(
    @InjectPort('mail') private readonly mail: MailPort,
    private readonly writer: AppointmentWriter,
    private readonly lookup: CommandLookup,
    private readonly calendarAccess: CalendarAccess,
  ) {}

  /** Members named directly, through their groups and through their roles; unknown ids are a 400. */
  private async expand(participant: { membership_ids: string[]; group_ids: string[]; membership_role_ids: string[] }): Promise<string[]> {
    const [members, groups, roles] = await Promise.all([
      Promise.all(participant.membership_ids.map((id) => this.lookup.member(id))),
      Promise.all(participant.group_ids.map((id) => this.calendarAccess.group(id))),
      Promise.all(participant.membership_role_ids.map((id) => this.calendarAccess.membershipRole(id))),
    ]);
    const errors = [
      ...participant.membership_ids.flatMap((_id, i) => (members[i] && !members[i].erased ? [] : [{ field: `participant.membership_ids.${i}`, key: 'unknown_member' }])),
      ...participant.group_ids.flatMap((_id, i) => (groups[i].exists ? [] : [{ field: `participant.group_ids.${i}`, key: 'unknown_group' }])),
      ...participant.membership_role_ids.flatMap((_id, i) => (roles[i].exists ? [] : [{ field: `participant.membership_role_ids.${i}`, key: 'unknown_role' }])),
    ];
    if (errors.length > 0) throw validationProblem(errors);
    return [
      ...participant.membership_ids,
      ...groups.flatMap((group) => Object.keys(group.members)),
      ...roles.flatMap((role) => role.member_ids),
    ];
  }

  async execute({ issuer, payload: request }: AddParticipantsCommand): Promise<Accepted> {
    const member = await this.writer.member(issuer);
    const memberIds = await this.expand(request.participant);
    const target = occurrenceFor(request.appointment_id, request.apply_to);
    const handled = await this.writer.execute({
      name: ADD_PARTICIPANTS,
      issuer,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({
        type: 'AddParticipants',
        occurrence_start: target.occurrenceStart,
        member_ids: memberIds,
        group_ids: request.participant.group_ids,
        membership_role_ids: request.participant.membership_role_ids,
        status: request.participant.status,
        send_email_notification: request.participant.send_email_notification,
        access,
        now,
      }),
    });
    for (const event of handled.events) {
      if (event.type !== 'ParticipantsInvited' || !event.data.send_email_notification) continue;
      await sendInvitationMails(this.mail, this.lookup, {
        appointmentId: target.appointmentId,
        fields: handled.state.fields,
        inviter: member,
        invitedIds: event.data.participants.filter((participant) => participant.status === 'invited').map((participant) => participant.member_id),
        language: (await this.lookup.networkSettings()).basic.language,
      });
    }
    return { position: handled.position };
  }
}

@CommandHandler(ChangeParticipantStatusCommand)
export class ChangeParticipantStatusHandler implements ICommandHandler<ChangeParticipantStatusCommand> {
  constructor(
    private readonly writer: AppointmentWriter,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: request }: ChangeParticipantStatusCommand): Promise<Accepted> {
    const member = await this.writer.member(issuer);
    const memberId = request.participant_id === 'me' ? member._id : request.participant_id;
    const target = occurrenceFor(request.appointment_id, request.apply_to);
    const settings = await this.lookup.networkSettings();
    const handled = await this.writer.execute({
      name: CHANGE_PARTICIPANT_STATUS,
      issuer,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({
        type: 'ChangeParticipantStatus',
        occurrence_start: target.occurrenceStart,
        member_id: memberId,
        status: request.participant.status,
        via: memberId === member._id ? 'self' : 'organizer',
        opt_retroactively: settings.member.opt_retroactively,
        access,
        now,
      }),
    });
    return { position: handled.position };
  }
}

@CommandHandler(RemoveParticipantCommand)
export class RemoveParticipantHandler implements ICommandHandler<RemoveParticipantCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ issuer, payload: request }: RemoveParticipantCommand): Promise<Accepted> {
    const member = await this.writer.member(issuer);
    const target = occurrenceFor(request.appointment_id, request.apply_to);
    const handled = await this.writer.execute({
      name: REMOVE_PARTICIPANT,
      issuer,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({
        type: 'RemoveParticipant',
        occurrence_start: target.occurrenceStart,
        member_id: request.participant_id === 'me' ? member._id : request.participant_id,
        access,
        now,
      }),
    });
    return { position: handled.position };
  }
}
