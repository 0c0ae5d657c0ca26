import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ACTIVITY_ATTACHMENTS_MAX, sanitizeHtml } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { FileCommands } from '../../files/file-commands';
import { ActivityCommands } from '../activity-commands';

export const POST_PUBLISHED_FILES = 'PostPublishedFiles';

/** what the new-files form published with post_to_stream: the folder's scope (null: the network) and the files in the form's order */
export interface PublishedFiles {
  group_id: string | null;
  files: readonly { id: string; name: string }[];
}

/**
 * The post's id follows from its author and the files it announces, so a retried form (every file is
 * published once, so the set names one publishing) finds its post already there instead of posting twice.
 */
export const publishedFilesActivityId = (memberId: string, fileIds: readonly string[]): string => {
  const hex = createHash('sha256').update(`published-files\n${memberId}\n${[...fileIds].sort().join('\n')}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The post announcing published files: only their names (the form's description is the author's personal
 * data, encrypted with the files; a post is stored as written), the files attached to it.
 */
export const publishedFilesHtml = (files: PublishedFiles['files']): string => sanitizeHtml(`<p>${files.map((file) => escapeText(file.name)).join(', ')}</p>`);

/** The new-files form's post_to_stream: the uploader posts the files in the folder's stream (a group's for a group folder, so a group's files stay with who sees it). */
export class PostPublishedFilesCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: PublishedFiles,
  ) {
    super();
  }
}

@CommandHandler(PostPublishedFilesCommand)
export class PostPublishedFilesHandler implements ICommandHandler<PostPublishedFilesCommand> {
  constructor(
    private readonly activities: ActivityCommands,
    private readonly files: FileCommands,
  ) {}

  async execute({ issuer, payload }: PostPublishedFilesCommand): Promise<{ id: string; position: number }> {
    const viewer = await this.activities.viewer(issuer);
    const fileIds = payload.files.map((file) => file.id);
    const id = publishedFilesActivityId(viewer.member_id, fileIds);
    const handled = await this.activities.run(POST_PUBLISHED_FILES, id, issuer, {
      type: 'PostActivity',
      activity_id: id,
      group_id: payload.group_id,
      html_content: publishedFilesHtml(payload.files),
      // a post carries at most twenty files: the first of the form's (its text names them all)
      attachments: await this.files.attachable(issuer, fileIds.slice(0, ACTIVITY_ATTACHMENTS_MAX)),
      viewer,
      stream: await this.activities.streamCan(payload.group_id, viewer),
      once: true,
    });
    return { id, position: handled.position };
  }
}
