import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { changeNetworkSettingsRequestSchema, DEFAULT_NETWORK_ID, networkStream, type ChangeNetworkSettingsRequest } from '@cn/contracts';
import { INFRASTRUCTURE, parseWith, type Infrastructure, type RequestContext } from '@cn/platform';
import { type CommandContext, type HandledCommand } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal, executeCommand } from '../../shared/execute-command';
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

/** Carries the request body as received: it is validated only once the sender is known to be an administrator. */
export class ChangeNetworkSettingsCommand extends Command<{ position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeNetworkSettingsCommand)
export class ChangeNetworkSettingsHandler implements ICommandHandler<ChangeNetworkSettingsCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: ChangeNetworkSettingsCommand): Promise<{ position: number }> {
    const admin = await this.lookup.requireNetworkAdmin(ctx).catch((error: unknown) => countRefusal(this.infra, CHANGE_NETWORK_SETTINGS, error));
    const changes = parseWith(changeNetworkSettingsRequestSchema, body);
    const handled = await changeNetworkSettings(this.infra, changes, {
      memberId: admin._id,
      correlationId: ctx.correlationId,
      causationId: ctx.requestId,
    });
    return { position: handled.position };
  }
}
