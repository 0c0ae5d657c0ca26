import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreatedAccepted, CreatePageRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Pages } from '../pages.command';

export const CREATE_PAGE = 'CreatePage';

export class CreatePageCommand extends Command<CreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: CreatePageRequest,
  ) {
    super();
  }
}

@CommandHandler(CreatePageCommand)
export class CreatePageHandler implements ICommandHandler<CreatePageCommand> {
  constructor(private readonly pages: Pages) {}

  async execute({ issuer, payload }: CreatePageCommand): Promise<CreatedAccepted> {
    const id = randomUUID();
    const { position } = await this.pages.run(CREATE_PAGE, issuer, { type: 'CreatePage', page_id: id, ...payload });
    return { id, position };
  }
}
