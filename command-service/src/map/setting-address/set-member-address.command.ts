import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberLocationStream, SET_MEMBER_ADDRESS, type SetMemberAddressRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberLocationDecider } from '../member-location.decider';

/** A member's address for the map (or none); the geocoding reactor then places it. */
export class SetMemberAddressCommand extends Command<{ position: number; appended: boolean }> {
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

  /** the member's current address in clear (null: none), from the last change on their location stream */
  private async currentAddress(memberId: string): Promise<string | null> {
    const events = await this.commands.eventStore.readStream(memberLocationStream(memberId));
    const last = [...events].reverse().find((event) => event.type === 'MemberAddressChanged');
    if (!last) return null;
    const { address } = await this.cipher.reveal(last.data as { address: unknown });
    return typeof address === 'string' ? address : null;
  }

  async execute({ issuer, payload }: SetMemberAddressCommand): Promise<{ position: number; appended: boolean }> {
    const actor = await this.lookup.issuer(issuer);
    const subject = await this.lookup.member(payload.member_id);
    if (subject === null || subject.erased) throw new HttpProblem(404, 'not_found');
    // the same address again (or removing none) changes nothing: the envelopes differ, so the clear texts are compared
    const changed = (await this.currentAddress(subject._id)) !== payload.address;
    const address = payload.address === null ? null : await this.cipher.encrypt(subject._id, payload.address);
    const handled = await this.commands.run(SET_MEMBER_ADDRESS, {
      streamId: memberLocationStream(subject._id),
      decider: memberLocationDecider,
      command: { type: 'SetMemberAddress', actor: { id: actor._id, roles: actor.roles }, subject: { id: subject._id, deleted: false }, address, changed },
      context: issuer,
    });
    return { position: handled.position, appended: handled.events.length > 0 };
  }
}
