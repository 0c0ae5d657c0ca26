import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { displayValues, readItemValues, renderTeaser, TEASER_APP_PLACEHOLDER, teaserPlaceholderNames, type ItemCreatedAnswer, type itemValuesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppCommands } from '../app-commands';
import type { AppState } from '../apps.decider';

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
    const values = await this.apps.values(issuer, app.properties, payload.values, false);
    const itemId = randomUUID();
    const teaser = app.teaser_template === '' ? undefined : await this.teaserOf(app.name, app.properties, app.teaser_template, values);
    const handled = await this.apps.runOnItem(CREATE_ITEM, itemId, issuer, { type: 'CreateItem', app_id: payload.app_id, item_id: itemId, properties: app.properties, viewer, values, teaser }, 'no_stream');
    return { id: itemId, position: handled.position, revision: handled.revision };
  }

  /** the template with the item's values as text, in the network's language (numbers, dates, option labels) */
  private async teaserOf(appName: string, properties: AppState['properties'], template: string, stored: Record<string, unknown>): Promise<string> {
    const locale = (await this.apps.lookup.networkSettings()).basic.language;
    const shown = displayValues(properties, readItemValues(properties, stored), locale);
    const allowed = new Set(teaserPlaceholderNames(properties));
    const values: Record<string, string> = { [TEASER_APP_PLACEHOLDER]: appName };
    for (const [name, text] of Object.entries(shown)) if (allowed.has(name)) values[name] = text;
    return renderTeaser(template, values);
  }
}
