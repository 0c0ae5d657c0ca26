import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { editLegalTextRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { DELETE_LEGAL_TEXT, DeleteLegalTextCommand } from '../deleting-legal-text/delete-legal-text.command';
import { EDIT_LEGAL_TEXT, EditLegalTextCommand } from './edit-legal-text.command';

@Controller('administration/legal_texts')
export class EditLegalTextController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit a legal text at the revision the form was read at; a changed text (or asking for consent again) publishes a new version',
    tags: ['legal'],
    auth: 'admin',
    command: EDIT_LEGAL_TEXT,
    body: editLegalTextRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
      409: 'concurrency_conflict or handle_taken',
      422: 'legal_text_read_only',
    },
  })
  async edit(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<EditLegalTextCommand['payload'], 'legal_text_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EditLegalTextCommand(issuer, { ...payload, legal_text_id: id }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete a legal text (the acceptances of its versions stay in the ledger)',
    tags: ['legal'],
    auth: 'admin',
    command: DELETE_LEGAL_TEXT,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeleteLegalTextCommand(issuer, { legal_text_id: id }));
    return commandAccepted(res, position);
  }
}
