import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { Pages } from '../pages.command';

export const DELETE_PAGE = 'DeletePage';

export class DeletePageCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { page_id: string },
  ) {
    super();
  }
}

@CommandHandler(DeletePageCommand)
export class DeletePageHandler implements ICommandHandler<DeletePageCommand> {
  constructor(private readonly pages: Pages) {}

  execute({ issuer, payload }: DeletePageCommand): Promise<{ position: number }> {
    return this.pages.run(DELETE_PAGE, issuer, { type: 'DeletePage', page_id: payload.page_id });
  }
}
