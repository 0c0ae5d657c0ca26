import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { appointmentCategoriesStream, DEFAULT_NETWORK_ID, type changeAppointmentCategoriesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { appointmentCategoriesDecider } from '../appointment-categories.decider';

export const CHANGE_APPOINTMENT_CATEGORIES = 'ChangeAppointmentCategories';

/** An administrator adds, renames or removes custom appointment categories. */
export class ChangeAppointmentCategoriesCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changeAppointmentCategoriesRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ChangeAppointmentCategoriesCommand)
export class ChangeAppointmentCategoriesHandler implements ICommandHandler<ChangeAppointmentCategoriesCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ChangeAppointmentCategoriesCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(CHANGE_APPOINTMENT_CATEGORIES, {
      streamId: appointmentCategoriesStream(DEFAULT_NETWORK_ID),
      decider: appointmentCategoriesDecider,
      command: { type: 'ChangeAppointmentCategories', network_id: DEFAULT_NETWORK_ID, custom_categories: payload.custom_categories },
      context: issuer,
    });
    return { position: handled.position };
  }
}
