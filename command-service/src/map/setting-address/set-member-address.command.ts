import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberLocationStream, SET_MEMBER_ADDRESS, type SetMemberAddressRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberLocationDecider } from '../member-location.decider';

/** A member's address for the map (or none); the geocoding reactor then places it. */
export class SetMemberAddressCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string; address: NonNullable<SetMemberAddressRequest['address']> | null },
  ) {
    super();
  }
}

@CommandHandler(SetMemberAddressCommand)
export class SetMemberAddressHandler implements ICommandHandler<SetMemberAddressCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: SetMemberAddressCommand): Promise<{ position: number }> {
    const actor = await this.lookup.issuer(issuer);
    const subject = await this.lookup.member(payload.member_id);
    if (subject === null || subject.erased) throw new HttpProblem(404, 'not_found');
    const address = payload.address === null ? null : await this.cipher.encrypt(subject._id, payload.address);
    const handled = await this.commands.run(SET_MEMBER_ADDRESS, {
      streamId: memberLocationStream(subject._id),
      decider: memberLocationDecider,
      command: { type: 'SetMemberAddress', actor: { id: actor._id, roles: actor.roles }, subject: { id: subject._id, deleted: false }, address, changed: true },
      context: issuer,
    });
    return { position: handled.position };
  }
}
