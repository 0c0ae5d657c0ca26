import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CHANGE_DEVICE_PUSH_SETTINGS, memberDevicesStream, type devicePushSettingsRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import type { z } from 'zod';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { devicesDecider } from '../devices.decider';

/** Which notifications reach one of the signed-in member's devices: only the flags sent change. */
export class SetDevicePushCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { device_id: string } & z.output<typeof devicePushSettingsRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(SetDevicePushCommand)
export class SetDevicePushHandler implements ICommandHandler<SetDevicePushCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: SetDevicePushCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const handled = await this.commands.run(CHANGE_DEVICE_PUSH_SETTINGS, {
      streamId: memberDevicesStream(member._id),
      decider: devicesDecider,
      command: { type: 'ChangeDevicePushSettings', member_id: member._id, device_id: payload.device_id, changes: payload.notifications },
      context: issuer,
    });
    return { position: handled.position };
  }
}
