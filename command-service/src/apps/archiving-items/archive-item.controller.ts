import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { itemChangedAnswerSchema, type ItemChangedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ARCHIVE_ITEM, ArchiveItemCommand } from './archive-item.command';

const responses = {
  200: commandAnswer('accepted, { position, revision }', itemChangedAnswerSchema),
  401: 'unauthenticated',
  403: 'forbidden (only the author and network admins) or invalid_csrf_token',
  404: 'unknown app or item',
};

@Controller('api/v1/apps/:app/items/:id/archive')
export class ArchiveItemController {
  constructor(private readonly commands: CommandBus) {}

  private async run(issuer: CommandContext, app: string, id: string, archived: boolean, res: Response): Promise<ItemChangedAnswer> {
    const answer = await this.commands.execute(new ArchiveItemCommand(issuer, { app_id: app, item_id: id, archived }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Put()
  @HttpCode(200)
  @Endpoint({ summary: 'Archive an item (it leaves the wall for the archive)', tags: ['apps'], auth: 'member', command: ARCHIVE_ITEM, responses })
  archive(@Issuer() issuer: CommandContext, @Param('app') app: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<ItemChangedAnswer> {
    return this.run(issuer, app, id, true, res);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: 'Restore an archived item to the wall', tags: ['apps'], auth: 'member', command: ARCHIVE_ITEM, responses })
  restore(@Issuer() issuer: CommandContext, @Param('app') app: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<ItemChangedAnswer> {
    return this.run(issuer, app, id, false, res);
  }
}
