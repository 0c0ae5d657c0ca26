import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { contactAttendeesRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CONTACT_ATTENDEES, ContactAttendeesCommand } from './contact-attendees.command';

@Controller('appointments/:id/contact')
export class ContactAttendeesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Write to the attendees (audience all, accepted, declined or no_reaction); one mail per recipient',
    tags: ['appointments'],
    auth: 'member',
    command: CONTACT_ATTENDEES,
    body: contactAttendeesRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (contact.subject, contact.text required)', 403: 'forbidden', 404: 'not_found', 422: 'no_recipients' },
  })
  async contact(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<ContactAttendeesCommand['payload'], 'appointment_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ContactAttendeesCommand(issuer, { ...payload, appointment_id: id }));
    return commandAccepted(res, position);
  }
}
