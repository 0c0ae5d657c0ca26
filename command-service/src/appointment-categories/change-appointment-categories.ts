import { Body, Controller, HttpCode, Inject, Put, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  appointmentCategoriesStream,
  changeAppointmentCategoriesRequestSchema,
  DEFAULT_NETWORK_ID,
  type CommandAccepted,
} from '@cn/contracts';
import { commandAccepted, Ctx, INFRASTRUCTURE, openApi, parseWith, commandAnswer, type Infrastructure, type RequestContext } from '@cn/platform';
import { CommandLookup } from '../lookup/command-lookup';
import { countRefusal, executeCommand } from '../shared/execute-command';
import { appointmentCategoriesDecider } from './appointment-categories.decider';

const NAME = 'ChangeAppointmentCategories';

/** Carries the body as received: it is validated once the sender is known to be an administrator. */
export class ChangeAppointmentCategoriesCommand extends Command<{ position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeAppointmentCategoriesCommand)
export class ChangeAppointmentCategoriesHandler implements ICommandHandler<ChangeAppointmentCategoriesCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: ChangeAppointmentCategoriesCommand): Promise<{ position: number }> {
    const admin = await this.lookup.requireNetworkAdmin(ctx).catch((error: unknown) => countRefusal(this.infra, NAME, error));
    const request = parseWith(changeAppointmentCategoriesRequestSchema, body);
    const handled = await executeCommand(this.infra, NAME, {
      streamId: appointmentCategoriesStream(DEFAULT_NETWORK_ID),
      decider: appointmentCategoriesDecider,
      command: { type: 'ChangeAppointmentCategories', network_id: DEFAULT_NETWORK_ID, custom_categories: request.custom_categories },
      context: { memberId: admin._id, correlationId: ctx.correlationId, causationId: ctx.requestId },
    });
    return { position: handled.position };
  }
}

openApi.route({
  method: 'put',
  path: '/administration/appointment_categories',
  summary: 'Add (no id: the label becomes the id), rename or remove (_destroy) custom appointment categories; categories not listed stay',
  tags: ['appointments'],
  auth: 'admin',
  body: changeAppointmentCategoriesRequestSchema,
  responses: {
    200: commandAnswer('accepted, { position }'),
    400: 'validation_failed: required, too_long, duplicated_category (custom_categories.n.label), unknown_category (custom_categories.n.id)',
    401: 'unauthenticated',
    403: 'forbidden or invalid_csrf_token',
    409: 'concurrency_conflict',
  },
});

@Controller('administration/appointment_categories')
export class ChangeAppointmentCategoriesController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  async change(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeAppointmentCategoriesCommand(body, ctx));
    return commandAccepted(res, position);
  }
}
