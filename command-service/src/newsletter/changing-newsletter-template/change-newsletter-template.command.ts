import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { newsletterStream, type changeNewsletterTemplateRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { newsletterDecider } from '../newsletter.decider';

export const CHANGE_NEWSLETTER_TEMPLATE = 'ChangeNewsletterTemplate';

export class ChangeNewsletterTemplateCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changeNewsletterTemplateRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ChangeNewsletterTemplateCommand)
export class ChangeNewsletterTemplateHandler implements ICommandHandler<ChangeNewsletterTemplateCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ChangeNewsletterTemplateCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(CHANGE_NEWSLETTER_TEMPLATE, {
      streamId: newsletterStream(),
      decider: newsletterDecider,
      command: { type: 'ChangeNewsletterTemplate', ...payload },
      context: issuer,
    });
    return { position: handled.position };
  }
}
