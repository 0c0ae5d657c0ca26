import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeNewsletterTemplateRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_NEWSLETTER_TEMPLATE, ChangeNewsletterTemplateCommand } from './change-newsletter-template.command';

@Controller('administration/newsletter/template')
export class ChangeNewsletterTemplateController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Save the newsletter's template (design, body, css, js, fonts): the content placeholder exactly once, the disclaimer placeholder at least once",
    tags: ['newsletter'],
    auth: 'admin',
    command: CHANGE_NEWSLETTER_TEMPLATE,
    body: changeNewsletterTemplateRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (content_placeholder_missing and disclaimer_placeholder_missing on body, together)',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'concurrency_conflict (saved by someone else since the form was read)',
    },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: ChangeNewsletterTemplateCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNewsletterTemplateCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
