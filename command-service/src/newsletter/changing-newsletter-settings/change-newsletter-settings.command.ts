import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { newsletterStream, type changeNewsletterSettingsRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { newsletterDecider } from '../newsletter.decider';

export const CHANGE_NEWSLETTER_SETTINGS = 'ChangeNewsletterSettings';

export class ChangeNewsletterSettingsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changeNewsletterSettingsRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ChangeNewsletterSettingsCommand)
export class ChangeNewsletterSettingsHandler implements ICommandHandler<ChangeNewsletterSettingsCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ChangeNewsletterSettingsCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(CHANGE_NEWSLETTER_SETTINGS, {
      streamId: newsletterStream(),
      decider: newsletterDecider,
      command: { type: 'ChangeNewsletterSettings', ...payload },
      context: issuer,
    });
    return { position: handled.position };
  }
}
