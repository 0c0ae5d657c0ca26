import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { emailIntegrationsRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_EMAIL_INTEGRATIONS, ChangeEmailIntegrationsCommand } from './change-email-integrations.command';

@Controller('api/v1/apps/:app/integrations')
export class ChangeEmailIntegrationsController {
  constructor(private readonly commands: CommandBus) {}

  @Put('email')
  @HttpCode(200)
  @Endpoint({
    summary:
      "Set the app's email integrations: on assign or unassign (of one membership property, or any with assignee_property_id -1) the member gets a mail of the subject and text templates ({{app}}, {{<property name>}}, {{assignee}}, {{link}})",
    tags: ['apps'],
    auth: 'admin',
    command: CHANGE_EMAIL_INTEGRATIONS,
    body: emailIntegrationsRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (email_integrations.N.<field>: required, too_long, invalid_value, not_membership, unknown_placeholder, taken)',
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
      404: 'unknown app',
    },
  })
  async change(@Issuer() issuer: CommandContext, @Param('app') app: string, @Payload() payload: Omit<ChangeEmailIntegrationsCommand['payload'], 'app_id'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeEmailIntegrationsCommand(issuer, { ...payload, app_id: app }));
    return commandAccepted(res, position);
  }
}
