import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { contactAttendeesRequestSchema, type CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { ContactAttendeesCommand } from './contact-attendees.commands';

openApi.route({
  method: 'post',
  path: '/appointments/{id}/contact',
  summary: 'Write to the attendees (audience all, accepted, declined or no_reaction); one mail per recipient',
  tags: ['appointments'],
  auth: 'member',
  body: contactAttendeesRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (contact.subject, contact.text required)', 403: 'forbidden', 404: 'not_found', 422: 'no_recipients' },
});

@Controller('appointments/:id/contact')
export class ContactAttendeesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async contact(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ContactAttendeesCommand(id, body, ctx));
    return commandAccepted(res, position);
  }
}
