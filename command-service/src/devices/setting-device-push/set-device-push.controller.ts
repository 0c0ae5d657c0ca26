import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { CHANGE_DEVICE_PUSH_SETTINGS, devicePushSettingsRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import type { z } from 'zod';
import { SetDevicePushCommand } from './set-device-push.command';

@Controller('api/v1/devices/:id/settings')
export class SetDevicePushController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: "Which notifications reach one of the signed-in member's devices { notifications: { category: { kind: boolean } } }; flags not sent stay",
    tags: ['devices'],
    auth: 'member',
    command: CHANGE_DEVICE_PUSH_SETTINGS,
    body: devicePushSettingsRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found' },
  })
  async set(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof devicePushSettingsRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<{ position: number }> {
    const { position } = await this.commands.execute(new SetDevicePushCommand(issuer, { device_id: id, ...body }));
    return commandAccepted(res, position);
  }
}
