import { Injectable } from '@nestjs/common';
import { channelStream, memberAbilities, type ChannelEvent, type ChannelViewer } from '@cn/contracts';
import type { CommandContext, HandledCommand } from '@cn/domain';
import { validationProblem } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { channelDecider, evolveChannel, initialChannelState, type ChannelCommand, type ChannelState } from './channel.decider';

/** The steps every channel command shares: who asks (from the command side's own lookup) and the decider on the channel's stream. */
@Injectable()
export class ChannelCommands {
  constructor(
    private readonly runner: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async viewer(issuer: CommandContext): Promise<ChannelViewer & { may_create: boolean }> {
    const member = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    return {
      member_id: member._id,
      network_admin: member.roles.network_admin,
      external: member.roles.external,
      may_create: memberAbilities(member.roles, settings).create_channels,
    };
  }

  /** members a people widget shows must exist */
  async requireMembers(memberIds: readonly string[], field: string): Promise<void> {
    const members = await Promise.all(memberIds.map((id) => this.lookup.member(id)));
    const errors = memberIds.flatMap((_id, i) => (members[i] && !members[i].erased ? [] : [{ field: `${field}.${i}`, key: 'unknown_member' }]));
    if (errors.length > 0) throw validationProblem(errors);
  }

  /** the channel as its stream tells it (the group commands' `state` twin): checks made before any work the decider repeats */
  async state(slug: string): Promise<ChannelState> {
    const events = await this.runner.eventStore.readStream(channelStream(slug));
    return events.reduce((current, event) => evolveChannel(current, { type: event.type, data: event.data } as ChannelEvent), initialChannelState());
  }

  run(name: string, slug: string, issuer: CommandContext, command: ChannelCommand): Promise<HandledCommand<ChannelEvent>> {
    return this.runner.run(name, { streamId: channelStream(slug), decider: channelDecider, command, context: issuer });
  }
}

/** the viewer without the network ability, as the decider's channel commands take it */
export const channelViewerOf = ({ member_id, network_admin, external }: ChannelViewer): ChannelViewer => ({ member_id, network_admin, external });
