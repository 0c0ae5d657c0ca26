import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { Designs, type DesignScopeRef } from '../designs.command';

export const DELETE_DESIGN = 'DeleteDesign';

export class DeleteDesignCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: DesignScopeRef & { design_id: string },
  ) {
    super();
  }
}

/** Deletes a design that is not the scope's active one (409 design_active: activate another first). */
@CommandHandler(DeleteDesignCommand)
export class DeleteDesignHandler implements ICommandHandler<DeleteDesignCommand> {
  constructor(private readonly designs: Designs) {}

  async execute({ issuer, payload }: DeleteDesignCommand): Promise<{ position: number }> {
    const scope = await this.designs.scope(issuer, payload);
    await this.designs.design(payload.design_id, scope);
    const isActive = (await this.designs.activeIn(scope)) === payload.design_id;
    return this.designs.run(DELETE_DESIGN, issuer, { type: 'DeleteDesign', design_id: payload.design_id, may_edit: scope.may_edit, is_active: isActive });
  }
}
