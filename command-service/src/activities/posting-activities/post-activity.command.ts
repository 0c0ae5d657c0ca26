import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import type { NamedAttachableFile } from '../../files/attaching-files';
import { FileCommands } from '../../files/file-commands';
import { ActivityCommands } from '../activity-commands';

export const POST_COMMANDS = { post: 'PostActivity', edit: 'EditActivity', delete: 'DeleteActivity' } as const;

/** Posting in a stream (slug set; with the files it carries, the messages' attach rule), editing (activity_id and html; the files, if named, replace the post's) or deleting (activity_id, html null) a post. */
export class PostActivityCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload:
      | { slug: string; activity_id: null; html_content: string; attachments: readonly string[] }
      /** an edit (attachments undefined: the post keeps its files) or, html null, a deletion */
      | { slug: null; activity_id: string; html_content: string | null; attachments?: readonly string[] },
  ) {
    super();
  }
}

@CommandHandler(PostActivityCommand)
export class PostActivityHandler implements ICommandHandler<PostActivityCommand> {
  constructor(
    private readonly activities: ActivityCommands,
    private readonly files: FileCommands,
  ) {}

  async execute({ issuer, payload }: PostActivityCommand): Promise<{ id: string; position: number }> {
    if (payload.slug !== null) {
      const viewer = await this.activities.viewer(issuer);
      const groupId = await this.activities.groupOfSlug(payload.slug);
      const stream = await this.activities.streamCan(groupId, viewer);
      const id = randomUUID();
      const handled = await this.activities.run(POST_COMMANDS.post, id, issuer, {
        type: 'PostActivity',
        activity_id: id,
        group_id: groupId,
        html_content: payload.html_content,
        attachments: await this.files.attachable(issuer, payload.attachments),
        viewer,
        stream,
      });
      return { id, position: handled.position };
    }
    const id = payload.activity_id;
    const asker = await this.activities.askerOf(issuer, id);
    const handled =
      payload.html_content === null
        ? await this.activities.run(POST_COMMANDS.delete, id, issuer, { type: 'DeleteActivity', ...asker })
        : await this.activities.run(POST_COMMANDS.edit, id, issuer, { type: 'EditActivity', html_content: payload.html_content, attachments: await this.named(issuer, payload.attachments), ...asker });
    return { id, position: handled.position };
  }

  /** the files an edit names, each with what attaching it anew would take; null when it names none (the post keeps its own) */
  private async named(issuer: CommandContext, fileIds: readonly string[] | undefined): Promise<NamedAttachableFile[] | null> {
    if (fileIds === undefined) return null;
    const attachable = await this.files.attachable(issuer, fileIds);
    return attachable.map((entry, index) => ({ ...entry, file_id: fileIds[index] }));
  }
}
