import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeAppointmentCategoriesRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_APPOINTMENT_CATEGORIES, ChangeAppointmentCategoriesCommand } from './change-appointment-categories.command';

@Controller('administration/appointment_categories')
export class ChangeAppointmentCategoriesController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Add (no id: the label becomes the id), rename or remove (_destroy) custom appointment categories; categories not listed stay',
    tags: ['appointments'],
    auth: 'admin',
    command: CHANGE_APPOINTMENT_CATEGORIES,
    body: changeAppointmentCategoriesRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed: required, too_long, duplicated_category (custom_categories.n.label), unknown_category (custom_categories.n.id)',
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
      409: 'concurrency_conflict',
    },
  })
  async change(
    @Issuer() issuer: CommandContext,
    @Payload() payload: ChangeAppointmentCategoriesCommand['payload'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeAppointmentCategoriesCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
