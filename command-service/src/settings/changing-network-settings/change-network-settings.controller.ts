import { Body, Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeNetworkSettingsRequestSchema, type CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { ChangeNetworkSettingsCommand } from './change-network-settings.command';

openApi.route({
  method: 'put',
  path: '/administration/settings',
  summary: 'Change network settings: per tab, the fields given are merged over the current values; one event per changed tab',
  tags: ['settings'],
  auth: 'admin',
  body: changeNetworkSettingsRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 409: 'concurrency_conflict' },
});

@Controller('administration/settings')
export class ChangeNetworkSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  async change(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNetworkSettingsCommand(body, ctx));
    return commandAccepted(res, position);
  }
}
