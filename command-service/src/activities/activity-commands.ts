import { Injectable } from '@nestjs/common';
import {
  activityReadsStream,
  activityStream,
  groupStream,
  NETWORK_STREAM_SLUG,
  streamAbilities,
  type ActivityEvent,
  type ActivityReadEvent,
  type ActivityViewer,
  type StreamCan,
} from '@cn/contracts';
import { loadState, type CommandContext, type HandledCommand } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { groupDecider, groupFactsOf, groupViewerOf } from '../groups/group.decider';
import { activityDecider, activityReadsDecider, evolveActivity, initialActivityState, type ActivityCommand, type ActivityState } from './activity.decider';

/** The steps every activity command shares: who asks, which stream a slug names, what the asker may do there, and the deciders. */
@Injectable()
export class ActivityCommands {
  constructor(
    private readonly runner: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async viewer(issuer: CommandContext): Promise<ActivityViewer> {
    const member = await this.lookup.issuer(issuer);
    return { member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external };
  }

  /** the group a stream's slug names (null: the network's); 404 for 'all' and unknown slugs */
  async groupOfSlug(slug: string): Promise<string | null> {
    if (slug === NETWORK_STREAM_SLUG) return null;
    const [group] = await this.lookup.groups({ slug });
    if (!group) throw new HttpProblem(404, 'not_found');
    return group._id;
  }

  /**
   * what the viewer may do in a stream, from the group's own events (the read side answers the same rule on
   * its model); folded through the group decider's state cache, so a post reads only the group's events since
   * the last command (folding a 1,000-member group's whole stream per post cost about 250 ms)
   */
  async streamCan(groupId: string | null, viewer: ActivityViewer): Promise<StreamCan> {
    if (groupId === null) return streamAbilities({ kind: 'network' }, viewer);
    const { state: group } = await loadState(this.runner.eventStore, groupStream(groupId), groupDecider, this.runner.snapshots);
    if (!group.exists) return { see: false, post: false, moderate: false };
    // a stream follows membership: administrating the group's category gives no reading of it (streamAbilities ignores it)
    return streamAbilities({ kind: 'group', group: groupFactsOf(group), viewer: groupViewerOf(group, { ...viewer, administered_category_ids: [] }) }, viewer);
  }

  async activity(activityId: string): Promise<ActivityState> {
    const events = await this.runner.eventStore.readStream(activityStream(activityId));
    return events.reduce((state, event) => evolveActivity(state, { type: event.type, data: event.data } as ActivityEvent), initialActivityState());
  }

  /** the asker and their abilities in the stream that holds an existing activity */
  async askerOf(issuer: CommandContext, activityId: string): Promise<{ viewer: ActivityViewer; stream: StreamCan }> {
    const viewer = await this.viewer(issuer);
    const state = await this.activity(activityId);
    if (!state.exists) throw new HttpProblem(404, 'not_found');
    return { viewer, stream: await this.streamCan(state.group_id, viewer) };
  }

  run(name: string, activityId: string, issuer: CommandContext, command: ActivityCommand): Promise<HandledCommand<ActivityEvent>> {
    return this.runner.run(name, { streamId: activityStream(activityId), decider: activityDecider, command, context: issuer });
  }

  markRead(name: string, issuer: CommandContext, memberId: string, stream: string, upTo: number): Promise<HandledCommand<ActivityReadEvent>> {
    return this.runner.run(name, {
      streamId: activityReadsStream(memberId),
      decider: activityReadsDecider,
      command: { type: 'MarkStreamRead', member_id: memberId, stream, up_to: upTo },
      context: issuer,
    });
  }

  /** whether 'all' gathers a stream ('network' or a group id) for this member */
  setSubscription(name: string, issuer: CommandContext, memberId: string, stream: string, subscribed: boolean): Promise<HandledCommand<ActivityReadEvent>> {
    return this.runner.run(name, {
      streamId: activityReadsStream(memberId),
      decider: activityReadsDecider,
      command: { type: 'SetStreamSubscription', member_id: memberId, stream, subscribed },
      context: issuer,
    });
  }
}
