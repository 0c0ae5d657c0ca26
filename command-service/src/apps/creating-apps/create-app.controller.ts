import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createAppRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_APP, CreateAppCommand } from './create-app.command';

@Controller('api/v1/apps')
export class CreateAppController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create an app (network admins); its slug is its id',
    tags: ['apps'],
    auth: 'admin',
    command: CREATE_APP,
    body: createAppRequestSchema,
    responses: {
      201: commandAnswer('created, { position }'),
      400: 'validation_failed (slug invalid_format or taken, name required or too_long)',
      401: 'unauthenticated',
      403: 'forbidden (not a network admin) or invalid_csrf_token',
    },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: CreateAppCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new CreateAppCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
