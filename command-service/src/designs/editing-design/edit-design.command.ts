import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { designRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Designs, type DesignScopeRef } from '../designs.command';

export const EDIT_DESIGN = 'EditDesign';

export class EditDesignCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof designRequestSchema> & DesignScopeRef & { design_id: string },
  ) {
    super();
  }
}

/** Renames a design, changes its colours or logo (the pages showing it follow at once when it is active). */
@CommandHandler(EditDesignCommand)
export class EditDesignHandler implements ICommandHandler<EditDesignCommand> {
  constructor(private readonly designs: Designs) {}

  async execute({ issuer, payload }: EditDesignCommand): Promise<{ position: number }> {
    const { group_slug, category_id, design_id, ...fields } = payload;
    const scope = await this.designs.scope(issuer, { group_slug, category_id });
    const current = await this.designs.design(design_id, scope);
    if (scope.may_edit) await this.designs.checkLogo(issuer, fields.logo_url, current.fields?.logo_url ?? null);
    return this.designs.run(EDIT_DESIGN, issuer, { type: 'EditDesign', design_id, may_edit: scope.may_edit, ...fields });
  }
}
