import { Controller, Delete, HttpCode, Param, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { memberManagerAbilities, twoFactorStream, type CommandAccepted } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { twoFactorDecider } from '../two-factor.decider';

export const RESET_MEMBER_FACTORS = 'ResetMemberTwoFactor';

/** A network administrator removes every factor of a member who lost theirs (the guard checked the role). */
export class ResetMemberFactorsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(ResetMemberFactorsCommand)
export class ResetMemberFactorsHandler implements ICommandHandler<ResetMemberFactorsCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ResetMemberFactorsCommand): Promise<{ position: number }> {
    const member = await this.lookup.member(payload.member_id);
    if (!member || member.erased) throw new DomainError('not_found', 'not_found');
    const viewer = await this.lookup.issuer(issuer);
    // the member manager menu's rule: offered while the network has two-factor on
    const can = memberManagerAbilities({ id: viewer._id, roles: viewer.roles }, { id: member._id, deleted: false }, await this.lookup.networkSettings());
    if (!can.reset_two_factor) throw new DomainError('forbidden', 'forbidden');
    const handled = await this.commands.run(RESET_MEMBER_FACTORS, {
      streamId: twoFactorStream(payload.member_id),
      decider: twoFactorDecider,
      context: issuer,
      command: { type: 'ResetFactors', member_id: payload.member_id },
    });
    return { position: handled.position };
  }
}

@Controller('administration/members')
export class ResetMemberFactorsController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id/authentication/factors')
  @HttpCode(200)
  @Endpoint({
    summary: "Reset a member's two-factor authentication: every factor of theirs is removed",
    tags: ['members', 'two-factor'],
    auth: 'admin',
    command: RESET_MEMBER_FACTORS,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden (also while the network has two-factor disabled)', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async reset(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ResetMemberFactorsCommand(issuer, { member_id: id }));
    return commandAccepted(res, position);
  }
}
