import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RestorePageVersionRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Pages } from '../pages.command';

export const RESTORE_PAGE_VERSION = 'RestorePageVersion';

/** An earlier version of a page becomes its newest, at the revision the history was read at. */
export class RestorePageVersionCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: RestorePageVersionRequest & { page_id: string; version: number },
  ) {
    super();
  }
}

@CommandHandler(RestorePageVersionCommand)
export class RestorePageVersionHandler implements ICommandHandler<RestorePageVersionCommand> {
  constructor(private readonly pages: Pages) {}

  execute({ issuer, payload }: RestorePageVersionCommand): Promise<{ position: number }> {
    return this.pages.run(RESTORE_PAGE_VERSION, issuer, { type: 'RestorePageVersion', ...payload });
  }
}
