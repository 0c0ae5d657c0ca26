import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { FileCommands } from '../file-commands';

export const MARK_FOLDER_READ = 'MarkFolderRead';

/** Opening a folder: the files in it are no longer new to the member (GET /api/v1/unreads/folders). */
export class MarkFolderReadCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly folderId: string,
  ) {
    super();
  }
}

@CommandHandler(MarkFolderReadCommand)
export class MarkFolderReadHandler implements ICommandHandler<MarkFolderReadCommand> {
  constructor(private readonly files: FileCommands) {}

  async execute({ issuer, folderId }: MarkFolderReadCommand): Promise<{ position: number }> {
    const scope = await this.files.scopeOfFolder(folderId);
    const context = await this.files.context(issuer, scope);
    const folder = await this.files.folderRef(folderId, context, 'folder_id');
    const handled = await this.files.runFolderReads(MARK_FOLDER_READ, context.viewer.member_id, issuer, { type: 'MarkFolderRead', folder, context });
    return { position: handled.position };
  }
}

@Controller('api/storage/folders')
export class MarkFolderReadController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/read')
  @HttpCode(200)
  @Endpoint({
    summary: 'Mark a folder read: its files are no longer new to the member (the console does it on opening a folder shown unread)',
    tags: ['files'],
    auth: 'member',
    command: MARK_FOLDER_READ,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found (unknown, deleted, or a group folder of a group the member is not in)' },
  })
  async read(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MarkFolderReadCommand(issuer, id));
    return commandAccepted(res, position);
  }
}
