import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { FileCommands } from '../file-commands';

export const TRACK_FILE_VIEW = 'TrackFileView';

/** A member opened or downloaded a file: its view count (the statistics) counts them, once. */
export class TrackFileViewCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly fileId: string,
  ) {
    super();
  }
}

@CommandHandler(TrackFileViewCommand)
export class TrackFileViewHandler implements ICommandHandler<TrackFileViewCommand> {
  constructor(private readonly files: FileCommands) {}

  async execute({ issuer, fileId }: TrackFileViewCommand): Promise<{ position: number }> {
    const { member_id, facts } = await this.files.readFacts(issuer, fileId, 'id');
    const handled = await this.files.runFileViews(TRACK_FILE_VIEW, fileId, issuer, { type: 'TrackFileView', file_id: fileId, member_id, facts });
    return { position: handled.position };
  }
}

@Controller('api/storage/files')
export class TrackFileViewController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/track_view')
  @HttpCode(200)
  @Endpoint({
    summary: "Record a view of a file (the console does it on opening a file's page or downloading it): the file's view_count counts each member once",
    tags: ['files'],
    auth: 'member',
    command: TRACK_FILE_VIEW,
    responses: {
      200: commandAnswer('accepted, { position } (nothing appended for a repeated view, or for an upload not published yet)'),
      401: 'unauthenticated',
      403: 'invalid_csrf_token',
      404: 'not_found (unknown, removed, in a deleted folder, or a group file of a group the member is not in)',
    },
  })
  async track(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new TrackFileViewCommand(issuer, id));
    return commandAccepted(res, position);
  }
}
