import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { factorMethodAllowed, twoFactorStream, type MemberDto } from '@cn/contracts';
import { type CommandContext } from '@cn/domain';
import { createSessionToken, HttpProblem } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { memberDtoOf } from '../../members/member-dto';
import { pendingSignInMember } from '../pending-sign-in';
import { twoFactorDecider } from '../two-factor.decider';
import { TwoFactor } from '../two-factor.service';

export const CONFIRM_SIGN_IN = 'ConfirmTwoFactorSignIn';

/** The second step of signing in: a code of one of the member's factors (or a backup code) after the password. */
export class ConfirmSignInCommand extends Command<{ member: MemberDto; sessionToken: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { code: string },
    /** the cn_two_factor cookie the password step set */
    readonly pendingToken: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(ConfirmSignInCommand)
export class ConfirmSignInHandler implements ICommandHandler<ConfirmSignInCommand> {
  constructor(
    private readonly twoFactor: TwoFactor,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload, pendingToken }: ConfirmSignInCommand): Promise<{ member: MemberDto; sessionToken: string }> {
    const { twoFactor } = this;
    const memberId = pendingSignInMember(pendingToken, twoFactor.config.session.secret, twoFactor.now());
    const member = memberId ? await this.lookup.activeMember(memberId) : null;
    if (!memberId || !member || member.locked) throw new HttpProblem(401, 'unauthenticated');
    return twoFactor.throttled(memberId, async () => {
      const { state, revision } = await twoFactor.load(memberId);
      const { member: policy } = await this.lookup.networkSettings();
      // only a factor of a method the network still allows (and its backup codes) signs in
      const usable = { ...state, factors: Object.fromEntries(Object.entries(state.factors).filter(([, factor]) => factorMethodAllowed(policy, factor.type))) };
      await twoFactor.commands.run(CONFIRM_SIGN_IN, {
        streamId: twoFactorStream(memberId),
        decider: twoFactorDecider,
        context: { ...issuer, memberId },
        expectedRevision: revision,
        command: { type: 'UseCode', member_id: memberId, proof: await twoFactor.proofOf(usable, payload.code) },
      });
      return { member: memberDtoOf(member), sessionToken: createSessionToken(memberId, twoFactor.config.session, twoFactor.commands.clock()) };
    });
  }
}
