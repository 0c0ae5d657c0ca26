import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { teaserTemplateRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_TEASER_TEMPLATE, ChangeTeaserTemplateCommand } from './change-teaser-template.command';

@Controller('api/v1/apps/:app/integrations')
export class ChangeTeaserTemplateController {
  constructor(private readonly commands: CommandBus) {}

  @Put('teaser')
  @HttpCode(200)
  @Endpoint({
    summary: "Set the app's activity teaser template: plain text with {{app}} and {{<property name>}} placeholders ('' turns it off); a new item's activity shows it rendered",
    tags: ['apps'],
    auth: 'admin',
    command: CHANGE_TEASER_TEMPLATE,
    body: teaserTemplateRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (teaser_template too_long, unknown_placeholder)',
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
      404: 'unknown app',
    },
  })
  async change(@Issuer() issuer: CommandContext, @Param('app') app: string, @Payload() payload: Omit<ChangeTeaserTemplateCommand['payload'], 'app_id'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeTeaserTemplateCommand(issuer, { ...payload, app_id: app }));
    return commandAccepted(res, position);
  }
}
