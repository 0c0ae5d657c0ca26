import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { changeLayoutRequestSchema, CommandAccepted, definePropertyRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';

export const DEFINE_PROPERTY = 'DefineAppProperty';
export const REMOVE_PROPERTY = 'RemoveAppProperty';
export const CHANGE_LAYOUT = 'ChangeAppLayout';

/** Add a property or change one (rename, retype, options): items keep their values by the property's id. */
export class DefinePropertyCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof definePropertyRequestSchema> & { app_id: string; property_id: string },
  ) {
    super();
  }
}
export class RemovePropertyCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { app_id: string; property_id: string },
  ) {
    super();
  }
}
export class ChangeLayoutCommand extends Command<CommandAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changeLayoutRequestSchema> & { app_id: string },
  ) {
    super();
  }
}

@CommandHandler(DefinePropertyCommand)
export class DefinePropertyHandler implements ICommandHandler<DefinePropertyCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: DefinePropertyCommand): Promise<CommandAccepted> {
    const { app_id, property_id, ...property } = payload;
    // tag parents in other apps are checked against the network's tag catalogue (its tag properties, which
    // are internal, and which groups each names)
    const catalogue = property.tag_parents.length > 0 || property.internal ? await this.apps.lookup.tagCatalogue() : null;
    const handled = await this.apps.runOnApp(DEFINE_PROPERTY, app_id, issuer, {
      type: 'DefineProperty',
      app_id,
      property: { ...property, id: property_id },
      tag_properties: catalogue?.tag_properties ?? {},
      internal_properties: catalogue?.internal_properties ?? {},
      tag_groups: catalogue?.tag_groups ?? {},
    });
    return { position: handled.position };
  }
}

@CommandHandler(RemovePropertyCommand)
export class RemovePropertyHandler implements ICommandHandler<RemovePropertyCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: RemovePropertyCommand): Promise<CommandAccepted> {
    const handled = await this.apps.runOnApp(REMOVE_PROPERTY, payload.app_id, issuer, { type: 'RemoveProperty', ...payload });
    return { position: handled.position };
  }
}

@CommandHandler(ChangeLayoutCommand)
export class ChangeLayoutHandler implements ICommandHandler<ChangeLayoutCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: ChangeLayoutCommand): Promise<CommandAccepted> {
    const handled = await this.apps.runOnApp(CHANGE_LAYOUT, payload.app_id, issuer, { type: 'ChangeLayout', app_id: payload.app_id, layout: payload.layout });
    return { position: handled.position };
  }
}
