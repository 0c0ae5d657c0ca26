import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { composeTeaser, renderTemplateParts, type ItemCreatedAnswer, type itemValuesRequestSchema, type TemplatePart } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';
import type { AppState } from '../apps.decider';
import { templateValues } from '../template-values';

export const CREATE_ITEM = 'CreateAppItem';

/** A member creates an item through the form generated from the app's definitions. */
export class CreateItemCommand extends Command<ItemCreatedAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof itemValuesRequestSchema> & { app_id: string },
  ) {
    super();
  }
}

@CommandHandler(CreateItemCommand)
export class CreateItemHandler implements ICommandHandler<CreateItemCommand> {
  constructor(private readonly apps: AppCommands) {}

  async execute({ issuer, payload }: CreateItemCommand): Promise<ItemCreatedAnswer> {
    const viewer = await this.apps.viewer(issuer);
    const app = await this.apps.app(payload.app_id);
    const values = await this.apps.values(issuer, payload.app_id, app.properties, payload.values, false);
    const itemId = randomUUID();
    const teaser = app.teaser_template === '' ? undefined : await this.teaserOf(app.name, app.properties, app.teaser_template, values);
    const handled = await this.apps.runOnItem(CREATE_ITEM, itemId, issuer, { type: 'CreateItem', app_id: payload.app_id, item_id: itemId, properties: app.properties, viewer, values, teaser, readers: await this.apps.mentionReaders(app.properties, values) }, 'no_stream');
    return { id: itemId, position: handled.position, revision: handled.revision };
  }

  /**
   * the template with the item's values as text, in the network's language (numbers, dates, option labels),
   * and the members of its membership placeholders as ids: their names are put in when the teaser is read
   */
  private async teaserOf(appName: string, properties: AppState['properties'], template: string, stored: Record<string, unknown>): Promise<{ text: string; parts: TemplatePart[] }> {
    const locale = (await this.apps.lookup.networkSettings()).basic.language;
    const { values, members } = templateValues(appName, properties, stored, locale);
    const parts = renderTemplateParts(template, values, members);
    return { text: composeTeaser(parts, () => ''), parts };
  }
}
