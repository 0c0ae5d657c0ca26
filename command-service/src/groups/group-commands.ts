import { Injectable } from '@nestjs/common';
import { DEFAULT_NETWORK_ID, groupCategoriesStream, groupStream, type GroupCategoryEvent, type GroupStreamEvent } from '@cn/contracts';
import type { CommandContext, HandledCommand } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import type { LookupMember } from '../lookup/lookup.projections';
import { groupCategoriesDecider, type GroupCategoriesCommand, type GroupCategoriesState } from './group-categories.decider';
import { groupActorOf } from './group-abilities.read';
import { loadGroupCategories } from './group-categories.read';
import { evolveGroup, initialGroupState, type GroupState } from './group-state';
import { groupDecider, type GroupActor, type GroupCommand } from './group.decider';

export type Accepted = { position: number };

/** The steps every group command shares: who asks, which group a slug or an invite names, and the decider on its stream. */
@Injectable()
export class GroupCommands {
  constructor(
    readonly runner: CommandRunner,
    readonly lookup: CommandLookup,
  ) {}

  async actor(issuer: CommandContext): Promise<{ member: LookupMember; actor: GroupActor }> {
    const member = await this.lookup.issuer(issuer);
    return { member, actor: await groupActorOf(this.runner.eventStore, member) };
  }

  /** the group a route's slug names; 404 when there is none */
  async groupIdOf(slug: string): Promise<string> {
    const [group] = await this.lookup.groups({ slug });
    if (!group) throw new HttpProblem(404, 'not_found');
    return group._id;
  }

  async slugTaken(slug: string): Promise<boolean> {
    return (await this.lookup.groups({ slug })).length > 0;
  }

  /** the group of each invite; an unknown invite is a 404 */
  async groupsOfInvites(inviteIds: readonly string[]): Promise<Map<string, string[]>> {
    const byGroup = new Map<string, string[]>();
    for (const inviteId of inviteIds) {
      const [group] = await this.lookup.groups({ invite_ids: { $contains: inviteId } });
      if (!group) throw new HttpProblem(404, 'not_found');
      byGroup.set(group._id, [...(byGroup.get(group._id) ?? []), inviteId]);
    }
    return byGroup;
  }

  async state(groupId: string): Promise<GroupState> {
    const events = await this.runner.eventStore.readStream(groupStream(groupId));
    return events.reduce((state, event) => evolveGroup(state, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
  }

  categories(): Promise<GroupCategoriesState> {
    return loadGroupCategories(this.runner.eventStore);
  }

  run(name: string, groupId: string, issuer: CommandContext, command: GroupCommand): Promise<HandledCommand<GroupStreamEvent>> {
    return this.runner.run(name, { streamId: groupStream(groupId), decider: groupDecider, command, context: issuer });
  }

  runOnCategories(name: string, issuer: CommandContext, command: GroupCategoriesCommand): Promise<HandledCommand<GroupCategoryEvent>> {
    return this.runner.run(name, { streamId: groupCategoriesStream(DEFAULT_NETWORK_ID), decider: groupCategoriesDecider, command, context: issuer });
  }
}
