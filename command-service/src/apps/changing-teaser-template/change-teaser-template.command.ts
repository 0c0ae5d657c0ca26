import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandAccepted, TeaserTemplateRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const CHANGE_TEASER_TEMPLATE = 'ChangeAppTeaserTemplate';

/** An administrator sets the app's activity teaser template (integrations). */
export class ChangeTeaserTemplateCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: TeaserTemplateRequest & { app_id: string },
  ) {
    super();
  }
}

@CommandHandler(ChangeTeaserTemplateCommand)
export class ChangeTeaserTemplateHandler implements ICommandHandler<ChangeTeaserTemplateCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: ChangeTeaserTemplateCommand): Promise<CommandAccepted> {
    const handled = await this.apps.runOnApp(CHANGE_TEASER_TEMPLATE, payload.app_id, issuer, { type: 'ChangeTeaserTemplate', app_id: payload.app_id, teaser_template: payload.teaser_template });
    return { position: handled.position };
  }
}
