import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  addParticipantsRequestSchema,
  appointmentTarget,
  changeParticipantStatusRequestSchema,
  removeParticipantRequestSchema,
  type ApplyTo,
} from '@cn/contracts';
import { INFRASTRUCTURE, parseWith, validationProblem, type Infrastructure, type RequestContext } from '@cn/platform';
import { CalendarAccess } from '../../lookup/calendar-access';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal } from '../../shared/execute-command';
import { AppointmentWriter } from '../appointment-writer';
import { sendInvitationMails } from './invitation-mails';

type Accepted = { position: number };

export class AddParticipantsCommand extends Command<Accepted> {
  constructor(
    readonly id: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

export class ChangeParticipantStatusCommand extends Command<Accepted> {
  constructor(
    readonly id: string,
    /** a member id, or 'me' */
    readonly participantId: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

export class RemoveParticipantCommand extends Command<Accepted> {
  constructor(
    readonly id: string,
    readonly participantId: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
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
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
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

  async execute({ id, body, ctx }: AddParticipantsCommand): Promise<Accepted> {
    const member = await this.writer.member('AddParticipants', ctx);
    const request = parseWith(addParticipantsRequestSchema, body);
    const memberIds = await this.expand(request.participant).catch((error: unknown) => countRefusal(this.infra, 'AddParticipants', error));
    const target = occurrenceFor(id, request.apply_to);
    const handled = await this.writer.execute({
      name: 'AddParticipants',
      ctx,
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
      await sendInvitationMails(this.infra.mail, this.lookup, {
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

  async execute({ id, participantId, body, ctx }: ChangeParticipantStatusCommand): Promise<Accepted> {
    const member = await this.writer.member('ChangeParticipantStatus', ctx);
    const request = parseWith(changeParticipantStatusRequestSchema, body);
    const memberId = participantId === 'me' ? member._id : participantId;
    const target = occurrenceFor(id, request.apply_to);
    const settings = await this.lookup.networkSettings();
    const handled = await this.writer.execute({
      name: 'ChangeParticipantStatus',
      ctx,
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

  async execute({ id, participantId, body, ctx }: RemoveParticipantCommand): Promise<Accepted> {
    const member = await this.writer.member('RemoveParticipant', ctx);
    const request = parseWith(removeParticipantRequestSchema, body ?? {});
    const target = occurrenceFor(id, request.apply_to);
    const handled = await this.writer.execute({
      name: 'RemoveParticipant',
      ctx,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({
        type: 'RemoveParticipant',
        occurrence_start: target.occurrenceStart,
        member_id: participantId === 'me' ? member._id : participantId,
        access,
        now,
      }),
    });
    return { position: handled.position };
  }
}
