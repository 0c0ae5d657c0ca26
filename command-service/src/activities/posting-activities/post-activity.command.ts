import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { activityStreamFolderIdOf, type FileScope } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import type { AttachableFile, NamedAttachableFile } from '../../files/attaching-files';
import { PublishFilesCommand } from '../../files/changing-files/change-file.command';
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
  private readonly logger = new Logger('PostActivity');

  constructor(
    private readonly activities: ActivityCommands,
    private readonly files: FileCommands,
    private readonly commands: CommandBus,
  ) {}

  async execute({ issuer, payload }: PostActivityCommand): Promise<{ id: string; position: number }> {
    if (payload.slug !== null) {
      const viewer = await this.activities.viewer(issuer);
      const groupId = await this.activities.groupOfSlug(payload.slug);
      const stream = await this.activities.streamCan(groupId, viewer);
      const id = randomUUID();
      const attachments = await this.files.attachable(issuer, payload.attachments);
      const handled = await this.activities.run(POST_COMMANDS.post, id, issuer, {
        type: 'PostActivity',
        activity_id: id,
        group_id: groupId,
        html_content: payload.html_content,
        attachments,
        viewer,
        stream,
      });
      return { id, position: Math.max(handled.position, await this.intoStreamFolder(issuer, groupId, attachments)) };
    }
    const id = payload.activity_id;
    const asker = await this.activities.askerOf(issuer, id);
    if (payload.html_content === null) {
      const deleted = await this.activities.run(POST_COMMANDS.delete, id, issuer, { type: 'DeleteActivity', ...asker });
      return { id, position: deleted.position };
    }
    const named = await this.named(issuer, payload.attachments);
    const handled = await this.activities.run(POST_COMMANDS.edit, id, issuer, { type: 'EditActivity', html_content: payload.html_content, attachments: named, ...asker });
    const groupId = named && named.length > 0 ? (await this.activities.activity(id)).group_id : null;
    return { id, position: Math.max(handled.position, await this.intoStreamFolder(issuer, groupId, named ?? [])) };
  }

  /**
   * The author's own uploads a post now carries go to the activity-stream folder of the post's scope (published
   * there: from now on the scope's files, read by who sees both the post and that folder). After the post, so a
   * refused post publishes nothing; a refusal here (an external member may not add the network's files) leaves
   * the upload as the post's alone, as posts carried them before there were activity-stream folders.
   */
  private async intoStreamFolder(issuer: CommandContext, groupId: string | null, attachments: readonly AttachableFile[]): Promise<number> {
    const uploads = attachments.flatMap((entry) => (entry.facts.own_upload && entry.attachment ? [{ id: entry.attachment.file_id }] : []));
    if (uploads.length === 0) return 0;
    const scope: FileScope = groupId === null ? { type: 'network', group_id: null } : { type: 'group', group_id: groupId };
    try {
      const published = await this.commands.execute(
        new PublishFilesCommand(issuer, { files: uploads, folder_ids: [activityStreamFolderIdOf(scope)], description: '', post_to_stream: false, file_profile: {} }, true),
      );
      return published.position;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`the post's uploads stay its own: ${error.key}`);
      return 0;
    }
  }

  /** the files an edit names, each with what attaching it anew would take; null when it names none (the post keeps its own) */
  private async named(issuer: CommandContext, fileIds: readonly string[] | undefined): Promise<NamedAttachableFile[] | null> {
    if (fileIds === undefined) return null;
    const attachable = await this.files.attachable(issuer, fileIds);
    return attachable.map((entry, index) => ({ ...entry, file_id: fileIds[index] }));
  }
}
