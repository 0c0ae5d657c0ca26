import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { itemCreatedAnswerSchema, itemValuesRequestSchema, type ItemCreatedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_ITEM, CreateItemCommand } from './create-item.command';

@Controller('api/v1/apps/:app/items')
export class CreateItemController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: "Create an app item; values by property name, checked by each property type's rules",
    tags: ['apps'],
    auth: 'member',
    command: CREATE_ITEM,
    body: itemValuesRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position, revision }', itemCreatedAnswerSchema),
      400: 'validation_failed (values.<name>[.<part>]: required, too_long, not_a_number, too_small, too_big, invalid_date, unknown_option, invalid_email, invalid_url, unknown_member, unknown_property, ...)',
      401: 'unauthenticated',
      403: 'forbidden (external members; a property the member may not set) or invalid_csrf_token',
      404: 'unknown app',
    },
  })
  async create(@Issuer() issuer: CommandContext, @Param('app') app: string, @Payload() payload: Omit<CreateItemCommand['payload'], 'app_id'>, @Res({ passthrough: true }) res: Response): Promise<ItemCreatedAnswer> {
    const answer = await this.commands.execute(new CreateItemCommand(issuer, { ...payload, app_id: app }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
