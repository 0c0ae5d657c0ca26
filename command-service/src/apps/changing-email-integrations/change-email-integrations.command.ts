import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandAccepted, EmailIntegrationsRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const CHANGE_EMAIL_INTEGRATIONS = 'ChangeAppEmailIntegrations';

/** An administrator sets the app's email integrations (the mails on assign and unassign), all at once. */
export class ChangeEmailIntegrationsCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: EmailIntegrationsRequest & { app_id: string },
  ) {
    super();
  }
}

@CommandHandler(ChangeEmailIntegrationsCommand)
export class ChangeEmailIntegrationsHandler implements ICommandHandler<ChangeEmailIntegrationsCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: ChangeEmailIntegrationsCommand): Promise<CommandAccepted> {
    const handled = await this.apps.runOnApp(CHANGE_EMAIL_INTEGRATIONS, payload.app_id, issuer, { type: 'ChangeEmailIntegrations', app_id: payload.app_id, email_integrations: payload.email_integrations });
    return { position: handled.position };
  }
}
