import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, REGISTER_DEVICE, registerDeviceRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { RegisterDeviceCommand } from './register-device.command';

@Controller('api/v1/devices')
export class RegisterDeviceController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: "Register one of the signed-in member's devices { device: { platform, name, push_subscription? } } (a browser's PushSubscription.toJSON() for Web Push); the same browser again answers its device",
    tags: ['devices'],
    auth: 'member',
    command: REGISTER_DEVICE,
    body: registerDeviceRequestSchema,
    responses: {
      201: commandAnswer('registered (or already), { id, position }', createdAcceptedSchema),
      400: 'validation_failed (push_endpoint_not_allowed: not https on a public address)',
      401: 'unauthenticated',
      403: 'invalid_csrf_token',
      409: 'too_many_devices, push_disabled',
    },
  })
  async register(@Issuer() issuer: CommandContext, @Payload() payload: RegisterDeviceCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new RegisterDeviceCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
