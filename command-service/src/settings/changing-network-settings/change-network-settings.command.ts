import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_NETWORK_ID, networkStream, type ChangeNetworkSettingsRequest } from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { type CommandContext, type HandledCommand } from '@cn/domain';
import { executeCommand } from '../../shared/execute-command';
import { networkSettingsDecider } from './change-network-settings.decider';

export const CHANGE_NETWORK_SETTINGS = 'ChangeNetworkSettings';

/** Decided from the network stream itself, never from a read model, so concurrent changes merge correctly. */
export const changeNetworkSettings = (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>,
  changes: ChangeNetworkSettingsRequest,
  context: CommandContext,
): Promise<HandledCommand<{ type: string; data: unknown }>> =>
  executeCommand(infra, CHANGE_NETWORK_SETTINGS, {
    streamId: networkStream(DEFAULT_NETWORK_ID),
    decider: networkSettingsDecider,
    command: { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes },
    context,
  });

/** An administrator changes network settings; the payload holds the tabs and fields to merge. */
export class ChangeNetworkSettingsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: ChangeNetworkSettingsRequest,
  ) {
    super();
  }
}

@CommandHandler(ChangeNetworkSettingsCommand)
export class ChangeNetworkSettingsHandler implements ICommandHandler<ChangeNetworkSettingsCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ChangeNetworkSettingsCommand): Promise<{ position: number }> {
    const handled = await changeNetworkSettings(this.commands, payload, issuer);
    return { position: handled.position };
  }
}
