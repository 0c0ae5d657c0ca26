import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import { InjectPort, type Infrastructure, type KeyStore } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { type CommandContext } from '@cn/domain';
import { executeCommand } from '../../shared/execute-command';
import { eraseMemberDecider } from './erase-member.decider';

export const ERASE_MEMBER = 'EraseMember';

/** The event first, then the key: a failure in between is repaired by erasing again. */
export const eraseMember = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics' | 'keyStore'>,
  memberId: string,
  context: CommandContext,
): Promise<{ position: number }> => {
  const handled = await executeCommand(infra, ERASE_MEMBER, {
    streamId: memberStream(memberId),
    decider: eraseMemberDecider,
    command: { type: 'EraseMember', member_id: memberId, erased_by: context.memberId },
    context,
  });
  await infra.keyStore.destroy(memberId);
  return { position: handled.position };
};

/** An administrator erases a member (the guard checked the role). */
export class EraseMemberCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(EraseMemberCommand)
export class EraseMemberHandler implements ICommandHandler<EraseMemberCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('keyStore') private readonly keyStore: KeyStore,
  ) {}

  execute({ issuer, payload }: EraseMemberCommand): Promise<{ position: number }> {
    return eraseMember({ ...this.commands, keyStore: this.keyStore }, payload.member_id, issuer);
  }
}
