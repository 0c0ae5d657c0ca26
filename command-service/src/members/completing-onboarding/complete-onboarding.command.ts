import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { memberStream, type onboardingProfileRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { readMemberProfile, revealProfile } from '../profile-reader';
import { completeOnboardingDecider } from './complete-onboarding.decider';

export const COMPLETE_ONBOARDING = 'CompleteOnboarding';

/** Where the console goes after onboarding: its start (the index route picks the start page). */
export const AFTER_ONBOARDING = '/';

/** The signed-in member completes the profile their network asked for (`PUT /onboarding/profile`). */
export class CompleteOnboardingCommand extends Command<{ position: number; redirect_to: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof onboardingProfileRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CompleteOnboardingCommand)
export class CompleteOnboardingHandler implements ICommandHandler<CompleteOnboardingCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: CompleteOnboardingCommand): Promise<{ position: number; redirect_to: string }> {
    const member = await this.lookup.issuer(issuer);
    const memberId = member._id;
    const current = await revealProfile(this.cipher, await readMemberProfile(this.commands.eventStore, memberId));
    const handled = await this.commands.run(COMPLETE_ONBOARDING, {
      streamId: memberStream(memberId),
      decider: completeOnboardingDecider,
      command: {
        type: 'CompleteOnboarding',
        member_id: memberId,
        actor: { id: memberId, roles: member.roles },
        current,
        changes: payload,
        encrypted: {
          first_name: await this.cipher.encrypt(memberId, payload.first_name),
          last_name: await this.cipher.encrypt(memberId, payload.last_name),
          birthday: payload.birthday ? await this.cipher.encrypt(memberId, payload.birthday) : null,
        },
      },
      context: issuer,
    });
    return { position: handled.position, redirect_to: AFTER_ONBOARDING };
  }
}
