import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditPageRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Pages } from '../pages.command';

export const EDIT_PAGE = 'EditPage';

export class EditPageCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: EditPageRequest & { page_id: string },
  ) {
    super();
  }
}

@CommandHandler(EditPageCommand)
export class EditPageHandler implements ICommandHandler<EditPageCommand> {
  constructor(private readonly pages: Pages) {}

  execute({ issuer, payload }: EditPageCommand): Promise<{ position: number }> {
    return this.pages.run(EDIT_PAGE, issuer, { type: 'EditPage', ...payload });
  }
}
