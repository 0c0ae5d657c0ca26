import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { parseInviteId } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { AppointmentWriter } from '../appointment-writer';

export const ANSWER_INVITE = { accept: 'AcceptInvite', reject: 'RejectInvite' } as const;

/** POST /api/v1/invites/{id}/accept|reject: a member answers their own open invite. */
export class AnswerInviteCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { invite_id: string; answer: 'accept' | 'reject' },
  ) {
    super();
  }
}

@CommandHandler(AnswerInviteCommand)
export class AnswerInviteHandler implements ICommandHandler<AnswerInviteCommand> {
  constructor(
    private readonly writer: AppointmentWriter,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { invite_id: inviteId, answer } }: AnswerInviteCommand): Promise<{ position: number }> {
    const member = await this.writer.member(issuer);
    const invite = parseInviteId(inviteId);
    if (!invite) throw new HttpProblem(404, 'not_found');
    // participants answer their own invites only
    if (invite.memberId !== member._id) throw new HttpProblem(403, 'forbidden');
    const settings = await this.lookup.networkSettings();
    const handled = await this.writer.execute({
      name: ANSWER_INVITE[answer],
      issuer,
      member,
      appointmentId: invite.appointmentId,
      build: ({ access, now }) => ({
        type: 'ChangeParticipantStatus',
        occurrence_start: null,
        member_id: member._id,
        status: answer === 'accept' ? 'accepted' : 'declined',
        via: 'invite',
        opt_retroactively: settings.member.opt_retroactively,
        access,
        now,
      }),
    });
    return { position: handled.position };
  }
}
