import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { CommandAccepted, createAppRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const CREATE_APP = 'CreateApp';

/** A network admin creates an app; its slug is its id for good. */
export class CreateAppCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createAppRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CreateAppCommand)
export class CreateAppHandler implements ICommandHandler<CreateAppCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: CreateAppCommand): Promise<CommandAccepted> {
    const handled = await this.apps.runOnApp(CREATE_APP, payload.slug, issuer, { type: 'CreateApp', app_id: payload.slug, name: payload.name, description: payload.description });
    return { position: handled.position };
  }
}
