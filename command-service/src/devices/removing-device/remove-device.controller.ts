import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { REMOVE_DEVICE } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, Endpoint, Issuer } from '@cn/platform';
import { RemoveDeviceCommand } from './remove-device.command';

@Controller('api/v1/devices/:id')
export class RemoveDeviceController {
  constructor(private readonly commands: CommandBus) {}

  @Delete()
  @HttpCode(204)
  @Endpoint({
    summary: "Remove one of the signed-in member's devices (it receives no push from now on)",
    tags: ['devices'],
    auth: 'member',
    command: REMOVE_DEVICE,
    responses: { 204: 'removed', 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found (not one of the member’s devices)' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    const { position } = await this.commands.execute(new RemoveDeviceCommand(issuer, { device_id: id }));
    commandAccepted(res, position);
  }
}
