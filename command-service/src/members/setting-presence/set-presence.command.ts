import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream, setPresenceRequestSchema } from '@cn/contracts';
import { INFRASTRUCTURE, parseWith, type Infrastructure, type RequestContext } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal, executeCommand } from '../../shared/execute-command';
import { setPresenceDecider } from './set-presence.decider';

export const SET_PRESENCE = 'SetPresence';

export class SetPresenceCommand extends Command<{ position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SetPresenceCommand)
export class SetPresenceHandler implements ICommandHandler<SetPresenceCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: SetPresenceCommand): Promise<{ position: number }> {
    const member = await this.lookup.requireActiveMember(ctx).catch((error: unknown) => countRefusal(this.infra, SET_PRESENCE, error));
    // line breaks become spaces and the length is checked before anything is encrypted
    const request = parseWith(setPresenceRequestSchema, body);
    const settings = await this.lookup.networkSettings();
    const handled = await executeCommand(this.infra, SET_PRESENCE, {
      streamId: memberStream(member._id),
      decider: setPresenceDecider,
      command: {
        type: 'SetPresence',
        member_id: member._id,
        presence: request.type,
        text: request.text,
        encrypted_text: await this.infra.cipher.encrypt(member._id, request.text),
        show_online_status: settings.member.show_online_status,
      },
      context: { memberId: member._id, correlationId: ctx.correlationId, causationId: ctx.requestId },
    });
    return { position: handled.position };
  }
}
