import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { itemChangedAnswerSchema, itemValuesRequestSchema, type ItemChangedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { EDIT_ITEM, EditItemCommand } from './edit-item.command';

@Controller('api/v1/apps/:app/items/:id')
export class EditItemController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Change an item's values (only the names sent); `revision` makes a stale edit a 409",
    tags: ['apps'],
    auth: 'member',
    command: EDIT_ITEM,
    body: itemValuesRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position, revision }', itemChangedAnswerSchema),
      400: 'validation_failed (values.<name>[.<part>] with its key)',
      401: 'unauthenticated',
      403: 'forbidden (update or update[<name>] not allowed) or invalid_csrf_token',
      404: 'unknown app or item',
      409: 'concurrency_conflict (the item changed since `revision`: read it again)',
      422: 'item_archived',
    },
  })
  async edit(
    @Issuer() issuer: CommandContext,
    @Param('app') app: string,
    @Param('id') id: string,
    @Payload() payload: Omit<EditItemCommand['payload'], 'app_id' | 'item_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ItemChangedAnswer> {
    const answer = await this.commands.execute(new EditItemCommand(issuer, { ...payload, app_id: app, item_id: id }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
