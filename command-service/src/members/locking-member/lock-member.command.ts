import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberManagerAbilities, memberStream } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { InjectPort, sessionRevocationsOf, type DocumentStore, type PlatformConfig } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
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
    private readonly lookup: CommandLookup,
  ) {}

  /**
   * The event first; then every session the member holds ends in every service (each reloads the
   * revocations at least once a second, and open realtime sockets are checked against them), so their
   * next request is 401 while the lookup, which refuses locked members, keeps them out after that.
   */
  async execute({ issuer, payload }: SetMemberLockedCommand): Promise<{ position: number }> {
    const viewer = await this.lookup.issuer(issuer);
    const target = await this.lookup.member(payload.member_id);
    if (!target) throw new DomainError('not_found', 'not_found');
    // the member manager menu's rule; oneself is the decider's cannot_lock_self
    const can = memberManagerAbilities({ id: viewer._id, roles: viewer.roles }, { id: target._id, deleted: target.erased }, await this.lookup.networkSettings());
    if (!can.lock && viewer._id !== target._id && !target.erased) throw new DomainError('forbidden', 'forbidden');
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
