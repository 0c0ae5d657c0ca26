import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { ActivityCommands } from '../activity-commands';

export const SET_STREAM_SUBSCRIPTION = 'SetStreamSubscription';

/**
 * Subscribing or unsubscribing a stream ('network' or a group's slug) for the 'all' stream; idempotent.
 * 'all' itself and a stream the member may not see do not exist for this (404).
 */
export class SubscribeStreamCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; subscribed: boolean },
  ) {
    super();
  }
}

@CommandHandler(SubscribeStreamCommand)
export class SubscribeStreamHandler implements ICommandHandler<SubscribeStreamCommand> {
  constructor(private readonly activities: ActivityCommands) {}

  async execute({ issuer, payload: { slug, subscribed } }: SubscribeStreamCommand): Promise<{ position: number }> {
    const viewer = await this.activities.viewer(issuer);
    const groupId = await this.activities.groupOfSlug(slug);
    if (!(await this.activities.streamCan(groupId, viewer)).see) throw new HttpProblem(404, 'not_found');
    const handled = await this.activities.setSubscription(SET_STREAM_SUBSCRIPTION, issuer, viewer.member_id, groupId ?? slug, subscribed);
    return { position: handled.position };
  }
}
