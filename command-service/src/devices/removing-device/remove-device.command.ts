import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberDevicesStream, REMOVE_DEVICE } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { devicesDecider } from '../devices.decider';

/** The signed-in member removes a device of theirs: it receives no push from now on. */
export class RemoveDeviceCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { device_id: string },
  ) {
    super();
  }
}

@CommandHandler(RemoveDeviceCommand)
export class RemoveDeviceHandler implements ICommandHandler<RemoveDeviceCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: RemoveDeviceCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const handled = await this.commands.run(REMOVE_DEVICE, {
      streamId: memberDevicesStream(member._id),
      decider: devicesDecider,
      command: { type: 'RemoveDevice', member_id: member._id, device_id: payload.device_id },
      context: issuer,
    });
    return { position: handled.position };
  }
}
