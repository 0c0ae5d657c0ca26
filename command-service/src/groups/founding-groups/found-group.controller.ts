import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createGroupRequestSchema, groupCreatedAnswerSchema, type GroupCreatedAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { FOUND_GROUP, FoundGroupCommand } from './found-group.command';

@Controller('groups')
export class FoundGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Found a group in a category (the founder becomes its admin); access rules of the group form apply',
    tags: ['groups'],
    auth: 'member',
    command: FOUND_GROUP,
    body: createGroupRequestSchema,
    responses: {
      201: commandAnswer('created, { id, slug, position }', groupCreatedAnswerSchema),
      400: 'validation_failed (group.name required; group.access: open_not_allowed_for_sensitive, closed_not_allowed_for_main_group, hidden_not_allowed; group.moderated_join; unknown_group_category)',
      401: 'unauthenticated',
      403: 'forbidden (the category is for network admins) or invalid_csrf_token',
    },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: FoundGroupCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<GroupCreatedAnswer> {
    const answer = await this.commands.execute(new FoundGroupCommand(issuer, payload));
    commandAccepted(res, answer.position);
    return answer;
  }
}
