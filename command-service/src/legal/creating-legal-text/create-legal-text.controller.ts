import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, createLegalTextRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_LEGAL_TEXT, CreateLegalTextCommand } from './create-legal-text.command';

@Controller('administration/legal_texts')
export class CreateLegalTextController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create a legal text; its text is version 1 (members must accept it when requires_consent)',
    tags: ['legal'],
    auth: 'admin',
    command: CREATE_LEGAL_TEXT,
    body: createLegalTextRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 409: 'handle_taken' },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: CreateLegalTextCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateLegalTextCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
