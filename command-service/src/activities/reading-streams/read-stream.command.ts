import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ALL_STREAM_SLUG } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { ActivityCommands } from '../activity-commands';

export const MARK_STREAM_READ = 'MarkStreamRead';

/** Reading a stream ('all', 'network' or a group's slug) up to a position: its unread count drops. */
export class ReadStreamCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; up_to: number },
  ) {
    super();
  }
}

@CommandHandler(ReadStreamCommand)
export class ReadStreamHandler implements ICommandHandler<ReadStreamCommand> {
  constructor(private readonly activities: ActivityCommands) {}

  async execute({ issuer, payload: { slug, up_to } }: ReadStreamCommand): Promise<{ position: number }> {
    const viewer = await this.activities.viewer(issuer);
    let stream = ALL_STREAM_SLUG;
    if (slug !== ALL_STREAM_SLUG) {
      const groupId = await this.activities.groupOfSlug(slug);
      // a stream the member may not see does not exist for them
      if (!(await this.activities.streamCan(groupId, viewer)).see) throw new HttpProblem(404, 'not_found');
      stream = groupId ?? slug;
    }
    const handled = await this.activities.markRead(MARK_STREAM_READ, issuer, viewer.member_id, stream, up_to);
    return { position: handled.position };
  }
}
