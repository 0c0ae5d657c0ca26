import { createHash, randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberDevicesStream, REGISTER_DEVICE, type registerDeviceRequestSchema } from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, resolvesToPrivateAddress, type PersonalDataCipher, type PlatformConfig } from '@cn/platform';
import type { z } from 'zod';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { deviceWithEndpoint, devicesDecider } from '../devices.decider';

/** The signed-in member registers a device of theirs (a browser with its push subscription, or an app). */
export class RegisterDeviceCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof registerDeviceRequestSchema>,
  ) {
    super();
  }
}

const ENDPOINT_FIELD = 'device.push_subscription.endpoint';

@CommandHandler(RegisterDeviceCommand)
export class RegisterDeviceHandler implements ICommandHandler<RegisterDeviceCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  /**
   * The push service is the browser's to choose, but the server will send to it: an endpoint must be
   * https on a public address (WEB_PUSH_ALLOW_PRIVATE_NETWORKS lets tests use a local one), so no member
   * makes the server post to its own network.
   */
  private async checkEndpoint(endpoint: string): Promise<void> {
    if (!this.config.webPush) throw new HttpProblem(409, 'push_disabled', [{ field: 'device.push_subscription', key: 'push_disabled' }]);
    if (this.config.webPush.allowPrivateNetworks) return;
    const url = new URL(endpoint);
    const refused = url.protocol !== 'https:' || (await resolvesToPrivateAddress(url).catch(() => true));
    if (refused) throw new HttpProblem(400, 'validation_failed', [{ field: ENDPOINT_FIELD, key: 'push_endpoint_not_allowed' }]);
  }

  async execute({ issuer, payload }: RegisterDeviceCommand): Promise<{ id: string; position: number }> {
    const member = await this.lookup.issuer(issuer);
    const subscription = payload.device.push_subscription ?? null;
    if (subscription) await this.checkEndpoint(subscription.endpoint);
    const streamId = memberDevicesStream(member._id);
    const sha256 = subscription ? createHash('sha256').update(subscription.endpoint).digest('hex') : null;
    const deviceId = randomUUID();
    const handled = await this.commands.run(REGISTER_DEVICE, {
      streamId,
      decider: devicesDecider,
      command: {
        type: 'RegisterDevice',
        member_id: member._id,
        device_id: deviceId,
        platform: payload.device.platform,
        name: await this.cipher.encrypt(member._id, payload.device.name),
        push: subscription ? await this.cipher.sealSecret(member._id, JSON.stringify({ endpoint: subscription.endpoint, keys: subscription.keys })) : null,
        push_endpoint_sha256: sha256,
      },
      context: issuer,
    });
    if (handled.events.length > 0) return { id: deviceId, position: handled.position };
    // the same browser again: its device as registered before
    const { state } = await loadState(this.commands.eventStore, streamId, devicesDecider);
    return { id: deviceWithEndpoint(state, sha256) ?? deviceId, position: handled.position };
  }
}
