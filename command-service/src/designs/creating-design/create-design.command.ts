import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { designRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Designs, type DesignScopeRef } from '../designs.command';

export const CREATE_DESIGN = 'CreateDesign';

export class CreateDesignCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof designRequestSchema> & DesignScopeRef,
  ) {
    super();
  }
}

/** A new design in the network or a group (not active until activated). */
@CommandHandler(CreateDesignCommand)
export class CreateDesignHandler implements ICommandHandler<CreateDesignCommand> {
  constructor(private readonly designs: Designs) {}

  async execute({ issuer, payload }: CreateDesignCommand): Promise<{ id: string; position: number }> {
    const { group_slug, category_id, ...fields } = payload;
    const scope = await this.designs.scope(issuer, { group_slug, category_id });
    if (scope.may_edit) await this.designs.checkLogo(issuer, fields.logo_url);
    const id = randomUUID();
    const { position } = await this.designs.run(CREATE_DESIGN, issuer, { type: 'CreateDesign', design_id: id, ...scope, ...fields });
    return { id, position };
  }
}
