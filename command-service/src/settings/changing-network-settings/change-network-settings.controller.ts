import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeNetworkSettingsRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_NETWORK_SETTINGS, ChangeNetworkSettingsCommand } from './change-network-settings.command';

@Controller('administration/settings')
export class ChangeNetworkSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Change network settings: per tab, the fields given are merged over the current values; one event per changed tab',
    tags: ['settings'],
    auth: 'admin',
    command: CHANGE_NETWORK_SETTINGS,
    body: changeNetworkSettingsRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 409: 'concurrency_conflict' },
  })
  async change(
    @Issuer() issuer: CommandContext,
    @Payload() payload: ChangeNetworkSettingsCommand['payload'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNetworkSettingsCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
