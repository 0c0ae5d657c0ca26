import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeNewsletterSettingsRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_NEWSLETTER_SETTINGS, ChangeNewsletterSettingsCommand } from './change-newsletter-settings.command';

@Controller('administration/newsletter/settings')
export class ChangeNewsletterSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Save the newsletter's sending interval and days (semimonthly: a second day and time), at the revision the form was read at",
    tags: ['newsletter'],
    auth: 'admin',
    command: CHANGE_NEWSLETTER_SETTINGS,
    body: changeNewsletterSettingsRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (day not of the interval, second day or time missing)',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'concurrency_conflict (saved by someone else since the form was read)',
    },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: ChangeNewsletterSettingsCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNewsletterSettingsCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
