import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, sessionRevocationsOf, type DocumentStore, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { lockMemberDecider } from './lock-member.decider';

export const SET_MEMBER_LOCKED = 'SetMemberLocked';

/** A network administrator locks or unlocks a member (the guard checked the role). */
export class SetMemberLockedCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string; locked: boolean },
  ) {
    super();
  }
}

@CommandHandler(SetMemberLockedCommand)
export class SetMemberLockedHandler implements ICommandHandler<SetMemberLockedCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  /**
   * The event first; then every session the member holds ends in every service (each reloads the
   * revocations at least once a second, and open realtime sockets are checked against them), so their
   * next request is 401 while the lookup, which refuses locked members, keeps them out after that.
   */
  async execute({ issuer, payload }: SetMemberLockedCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(SET_MEMBER_LOCKED, {
      streamId: memberStream(payload.member_id),
      decider: lockMemberDecider,
      context: issuer,
      command: { type: 'SetMemberLocked', member_id: payload.member_id, locked: payload.locked, locked_by: issuer.memberId },
    });
    if (payload.locked) {
      await sessionRevocationsOf(this.documentStore).revokeMember(payload.member_id, this.commands.clock().getTime() + this.config.session.ttlMs);
    }
    return { position: handled.position };
  }
}
