import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { memberStream, type updateMemberProfileRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { readMemberProfile, revealProfile } from '../profile-reader';
import { updateProfileDecider, type UpdateMemberProfile } from './update-profile.decider';

export const UPDATE_MEMBER_PROFILE = 'UpdateMemberProfile';

/** A member edits their profile, or a network administrator anyone's (`PUT /members/{id}`). */
export class UpdateMemberProfileCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof updateMemberProfileRequestSchema> & { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(UpdateMemberProfileCommand)
export class UpdateMemberProfileHandler implements ICommandHandler<UpdateMemberProfileCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: UpdateMemberProfileCommand): Promise<{ position: number }> {
    const actor = await this.lookup.issuer(issuer);
    const { member_id: memberId, ...changes } = payload;
    const subject = await this.lookup.member(memberId);
    // no key is made for a member who does not exist
    if (subject === null || subject.erased) throw new HttpProblem(404, 'not_found');
    const settings = await this.lookup.networkSettings();
    const current = await revealProfile(this.cipher, await readMemberProfile(this.commands.eventStore, memberId));
    const encrypt = (value: string | undefined) => (value === undefined ? Promise.resolve(undefined) : this.cipher.encrypt(memberId, value));
    const encrypted: UpdateMemberProfile['encrypted'] = {
      first_name: await encrypt(changes.first_name),
      last_name: await encrypt(changes.last_name),
      birthday: changes.birthday === null ? null : await encrypt(changes.birthday),
    };
    const handled = await this.commands.run(UPDATE_MEMBER_PROFILE, {
      streamId: memberStream(memberId),
      decider: updateProfileDecider,
      command: {
        type: 'UpdateMemberProfile',
        member_id: memberId,
        actor: { id: actor._id, roles: actor.roles },
        current,
        changes,
        encrypted,
        change_requests: settings.member.change_requests,
      },
      context: issuer,
    });
    return { position: handled.position };
  }
}
