import { Injectable } from '@nestjs/common';
import { membershipRoleStream } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { membershipRolesDecider, type MembershipRolesCommand } from './membership-roles.decider';

/** What the roles manager's slices share: members checked against the command lookup, the role's stream decided and appended. */
@Injectable()
export class MembershipRoles {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** every id an active member's (400 member_ids.<i>: not_found otherwise, before anything is decided) */
  async assertMembers(memberIds: readonly string[]): Promise<void> {
    for (const [index, memberId] of memberIds.entries()) {
      if (!(await this.lookup.activeMember(memberId))) throw new DomainError('not_found', 'invalid', `member_ids.${index}`);
    }
  }

  /** `revision`: the one the form was read at (a stale one is 409 concurrency_conflict) */
  run(name: string, issuer: CommandContext, command: MembershipRolesCommand, revision?: number): Promise<{ position: number }> {
    return this.commands.run(name, {
      streamId: membershipRoleStream(command.role_id),
      decider: membershipRolesDecider,
      command,
      context: issuer,
      ...(revision === undefined ? {} : { expectedRevision: revision }),
    });
  }
}
