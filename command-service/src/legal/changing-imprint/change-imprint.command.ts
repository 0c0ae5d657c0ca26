import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { imprintStream, type imprintRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { imprintDecider } from '../legal.decider';

export const CHANGE_IMPRINT = 'ChangeImprint';

export class ChangeImprintCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof imprintRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ChangeImprintCommand)
export class ChangeImprintHandler implements ICommandHandler<ChangeImprintCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ChangeImprintCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(CHANGE_IMPRINT, {
      streamId: imprintStream(),
      decider: imprintDecider,
      command: { type: 'ChangeImprint', ...payload },
      context: issuer,
    });
    return { position: handled.position };
  }
}
