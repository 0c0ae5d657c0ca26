import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { DELETE_FILE_ARCHIVE, fileArchiveStream, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ArchiveExpiry } from '../expiring-archives/archive-expiry';
import { FileCommands } from '../file-commands';
import { fileArchiveDecider } from './file-archive.decider';

export class DeleteFileArchiveCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly archiveId: string,
  ) {
    super();
  }
}

/** the member removes their own export: FileArchiveDeleted, then the zip's bytes (unless something else holds the same bytes) */
@CommandHandler(DeleteFileArchiveCommand)
export class DeleteFileArchiveHandler implements ICommandHandler<DeleteFileArchiveCommand> {
  constructor(
    private readonly files: FileCommands,
    private readonly expiry: ArchiveExpiry,
  ) {}

  async execute({ issuer, archiveId }: DeleteFileArchiveCommand): Promise<{ position: number }> {
    const member = await this.files.lookup.issuer(issuer);
    const handled = await this.files.runner.run(DELETE_FILE_ARCHIVE, {
      streamId: fileArchiveStream(archiveId),
      decider: fileArchiveDecider,
      command: { type: 'DeleteFileArchive', member_id: member._id },
      context: issuer,
    });
    await this.expiry.removeBytes(archiveId);
    return { position: handled.position };
  }
}

@Controller('api/storage/archives')
export class DeleteFileArchiveController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: "Delete one of the member's archive exports (finished, failed or expired): it leaves the list and its zip's bytes are removed",
    tags: ['files'],
    auth: 'member',
    command: DELETE_FILE_ARCHIVE,
    responses: {
      200: commandAnswer('accepted, { position }'),
      401: 'unauthenticated',
      403: 'invalid_csrf_token',
      404: 'not_found (none, already deleted, or of another member)',
      409: 'archive_in_progress (still being built)',
    },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') archiveId: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeleteFileArchiveCommand(issuer, archiveId));
    return commandAccepted(res, position);
  }
}
