import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import { INFRASTRUCTURE, type Infrastructure, type RequestContext } from '@cn/platform';
import { type CommandContext } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal, executeCommand } from '../../shared/execute-command';
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

export class EraseMemberCommand extends Command<{ position: number }> {
  constructor(
    readonly memberId: string,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(EraseMemberCommand)
export class EraseMemberHandler implements ICommandHandler<EraseMemberCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ memberId, ctx }: EraseMemberCommand): Promise<{ position: number }> {
    const admin = await this.lookup.requireNetworkAdmin(ctx).catch((error: unknown) => countRefusal(this.infra, ERASE_MEMBER, error));
    return eraseMember(this.infra, memberId, { memberId: admin._id, correlationId: ctx.correlationId, causationId: ctx.requestId });
  }
}
