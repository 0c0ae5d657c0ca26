import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { imprintRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_IMPRINT, ChangeImprintCommand } from './change-imprint.command';

@Controller('administration/imprint')
export class ChangeImprintController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Save the web and mail imprint (sanitised HTML) and show_newsletter_info, at the revision the form was read at',
    tags: ['legal'],
    auth: 'admin',
    command: CHANGE_IMPRINT,
    body: imprintRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'concurrency_conflict (saved by someone else since the form was read)',
      422: 'nothing_changed',
    },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: ChangeImprintCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeImprintCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
