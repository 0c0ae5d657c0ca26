import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { editPageRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { DELETE_PAGE, DeletePageCommand } from '../deleting-page/delete-page.command';
import { EDIT_PAGE, EditPageCommand } from './edit-page.command';

@Controller('administration/pages')
export class EditPageController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit a page at the revision the form was read at; the content is sanitised',
    tags: ['pages'],
    auth: 'admin',
    command: EDIT_PAGE,
    body: editPageRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
      409: 'concurrency_conflict or slug_taken',
      422: 'nothing_changed',
    },
  })
  async edit(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() payload: Omit<EditPageCommand['payload'], 'page_id'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EditPageCommand(issuer, { ...payload, page_id: id }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete a page (navigation items that open it then show the not-found page)',
    tags: ['pages'],
    auth: 'admin',
    command: DELETE_PAGE,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeletePageCommand(issuer, { page_id: id }));
    return commandAccepted(res, position);
  }
}
