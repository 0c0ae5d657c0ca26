import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { acceptLegalTextRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ACCEPT_LEGAL_TEXT, AcceptLegalTextCommand } from './accept-legal-text.command';

@Controller('api/v1/legal/acceptances')
export class AcceptLegalTextController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: "The signed-in member accepts a legal text's current version (accepting it again changes nothing)",
    tags: ['legal'],
    auth: 'member',
    command: ACCEPT_LEGAL_TEXT,
    body: acceptLegalTextRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 404: 'not_found', 409: 'version_outdated' },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: AcceptLegalTextCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AcceptLegalTextCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
