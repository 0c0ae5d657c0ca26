import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { itemChangedAnswerSchema, moveItemRequestSchema, type ItemChangedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { MOVE_ITEM, MoveItemCommand } from './move-item.command';

@Controller('api/v1/apps/:app/items/:id/move')
export class MoveItemController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Move a card on the wall: set its column property to `value` and place it after `insert_after_id`',
    tags: ['apps'],
    auth: 'member',
    command: MOVE_ITEM,
    body: moveItemRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position, revision }', itemChangedAnswerSchema),
      400: 'validation_failed (value unknown_option or required, insert_after_id, revision)',
      401: 'unauthenticated',
      403: 'forbidden (the column property may not be updated) or invalid_csrf_token',
      404: 'unknown app or item',
      409: 'concurrency_conflict (the card changed since `revision`: read the wall again and retry)',
      422: 'item_archived or no_columns',
    },
  })
  async move(
    @Issuer() issuer: CommandContext,
    @Param('app') app: string,
    @Param('id') id: string,
    @Payload() payload: Omit<MoveItemCommand['payload'], 'app_id' | 'item_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ItemChangedAnswer> {
    const answer = await this.commands.execute(new MoveItemCommand(issuer, { ...payload, app_id: app, item_id: id }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
