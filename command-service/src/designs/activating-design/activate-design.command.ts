import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { designScopeStream } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { Designs, type DesignScopeRef } from '../designs.command';
import { designScopeDecider } from '../designs.decider';

export const ACTIVATE_DESIGN = 'ActivateDesign';

export class ActivateDesignCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: DesignScopeRef & { design_id: string; active: boolean },
  ) {
    super();
  }
}

/** Makes a design its scope's active one (the one active before steps back), or no design with `active` false. */
@CommandHandler(ActivateDesignCommand)
export class ActivateDesignHandler implements ICommandHandler<ActivateDesignCommand> {
  constructor(private readonly designs: Designs) {}

  async execute({ issuer, payload }: ActivateDesignCommand): Promise<{ position: number }> {
    const scope = await this.designs.scope(issuer, payload);
    await this.designs.design(payload.design_id, scope);
    if (!scope.may_edit) throw new DomainError('forbidden', 'forbidden');
    const handled = await this.designs.commands.run(ACTIVATE_DESIGN, {
      streamId: designScopeStream(scope.scope_type, scope.scope_id),
      decider: designScopeDecider,
      command: { type: 'ActivateDesign', scope_type: scope.scope_type, scope_id: scope.scope_id, design_id: payload.design_id, active: payload.active },
      context: issuer,
    });
    return { position: handled.position };
  }
}
