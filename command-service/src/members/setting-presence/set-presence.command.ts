import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { memberStream, type setPresenceRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { setPresenceDecider } from './set-presence.decider';

export const SET_PRESENCE = 'SetPresence';

/** The signed-in member sets their presence; the text arrives trimmed to one line (the request schema). */
export class SetPresenceCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof setPresenceRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(SetPresenceCommand)
export class SetPresenceHandler implements ICommandHandler<SetPresenceCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: SetPresenceCommand): Promise<{ position: number }> {
    const memberId = (await this.lookup.issuer(issuer))._id;
    const settings = await this.lookup.networkSettings();
    const handled = await this.commands.run(SET_PRESENCE, {
      streamId: memberStream(memberId),
      decider: setPresenceDecider,
      command: {
        type: 'SetPresence',
        member_id: memberId,
        presence: payload.type,
        text: payload.text,
        encrypted_text: await this.cipher.encrypt(memberId, payload.text),
        show_online_status: settings.member.show_online_status,
      },
      context: issuer,
    });
    return { position: handled.position };
  }
}
