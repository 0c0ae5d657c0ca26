import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { channelStream, groupStream, type AssignChannelSubscriptions, type FieldError, type GroupStreamEvent } from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { HttpProblem, validationProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { evolveGroup, initialGroupState } from '../../groups/group-state';
import { CommandLookup } from '../../lookup/command-lookup';
import { ChannelCommands, channelViewerOf } from '../channel-commands';
import { channelDecider } from '../channel.decider';

export const ASSIGN_CHANNEL_SUBSCRIPTIONS = 'AssignChannelSubscriptions';

export class AssignChannelSubscriptionsCommand extends Command<{ position: number; added: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: AssignChannelSubscriptions,
  ) {
    super();
  }
}

/**
 * A network administrator subscribes members (chosen ones, the members of chosen groups, or every active
 * member) to channels. Everything is checked before anything is appended (a 400 writes nothing); then each
 * channel's stream gets one append of the ChannelSubscribed events of the members not yet subscribed, the
 * very events a member's own subscribe appends. The event store appends one stream at a time: should a
 * later channel's append fail (a storage error), the earlier channels keep theirs, and asking again adds
 * only what is missing.
 */
@CommandHandler(AssignChannelSubscriptionsCommand)
export class AssignChannelSubscriptionsHandler implements ICommandHandler<AssignChannelSubscriptionsCommand> {
  constructor(
    private readonly channels: ChannelCommands,
    private readonly lookup: CommandLookup,
    private readonly runner: CommandRunner,
  ) {}

  async execute({ issuer, payload }: AssignChannelSubscriptionsCommand): Promise<{ position: number; added: number }> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    if (!viewer.network_admin) throw new HttpProblem(403, 'forbidden');
    const errors: FieldError[] = [];
    for (const [i, slug] of payload.channels.entries()) {
      const { state } = await loadState(this.runner.eventStore, channelStream(slug), channelDecider, this.runner.snapshots);
      if (state.status !== 'created' || state.channel_status !== 'active') errors.push({ field: `channels.${i}`, key: 'unknown_channel' });
    }
    const memberIds = payload.subscribe_all_network_members ? await this.lookup.activeMemberIds() : await this.chosenMembers(payload.members, errors);
    if (errors.length > 0) throw validationProblem(errors);

    let position = 0;
    let added = 0;
    for (const slug of payload.channels) {
      const handled = await this.channels.run(ASSIGN_CHANNEL_SUBSCRIPTIONS, slug, issuer, { type: 'AssignSubscriptions', member_ids: memberIds, viewer });
      position = Math.max(position, handled.position);
      added += handled.events.length;
    }
    return { position, added };
  }

  /** the chosen members and the active members of the chosen groups; unknown ones are field errors */
  private async chosenMembers(members: AssignChannelSubscriptions['members'], errors: FieldError[]): Promise<string[]> {
    const ids = new Set<string>();
    for (const [i, { id, type }] of members.entries()) {
      if (type === 'member') {
        if (await this.lookup.activeMember(id)) ids.add(id);
        else errors.push({ field: `members.${i}.id`, key: 'unknown_member' });
        continue;
      }
      const events = await this.runner.eventStore.readStream(groupStream(id));
      const group = events.reduce((state, event) => evolveGroup(state, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
      if (!group.exists || group.deleted) {
        errors.push({ field: `members.${i}.id`, key: 'unknown_group' });
        continue;
      }
      for (const memberId of Object.keys(group.members)) if (await this.lookup.activeMember(memberId)) ids.add(memberId);
    }
    return [...ids];
  }
}
