import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GroupStreamEvent } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { GroupCommands } from './group-commands';
import type { GroupCommand } from './group.decider';

/** A change of one group by the signed-in member: the decider's command without its actor (the handler adds it). */
export type GroupChange = GroupCommand extends infer C ? (C extends { actor: unknown } ? Omit<C, 'actor'> : never) : never;
type ChangeOf = Exclude<GroupChange, { type: 'FoundGroup' }>;

/** Every group route but founding: the group (by slug), the change, and the command's name for cn_commands_total. */
export class ChangeGroupCommand extends Command<{ position: number; events: GroupStreamEvent[] }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { name: string; change: ChangeOf } & ({ slug: string } | { invite_id: string }),
  ) {
    super();
  }
}

@CommandHandler(ChangeGroupCommand)
export class ChangeGroupHandler implements ICommandHandler<ChangeGroupCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload }: ChangeGroupCommand): Promise<{ position: number; events: GroupStreamEvent[] }> {
    const { actor } = await this.groups.actor(issuer);
    const groupId = 'slug' in payload ? await this.groups.groupIdOf(payload.slug) : [...(await this.groups.groupsOfInvites([payload.invite_id])).keys()][0];
    const handled = await this.groups.run(payload.name, groupId, issuer, { ...payload.change, actor });
    return { position: handled.position, events: handled.events };
  }
}
