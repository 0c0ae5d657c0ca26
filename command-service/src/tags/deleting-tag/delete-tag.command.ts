import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { Tags } from '../tags.command';

export const DELETE_TAG = 'DeleteTag';

export class DeleteTagCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { tag_id: string },
  ) {
    super();
  }
}

/** Deletes a tag from the network and from every item that held it. */
@CommandHandler(DeleteTagCommand)
export class DeleteTagHandler implements ICommandHandler<DeleteTagCommand> {
  constructor(private readonly tags: Tags) {}

  async execute({ issuer, payload }: DeleteTagCommand): Promise<{ position: number }> {
    const catalogue = await this.tags.lookup.tagCatalogue();
    return this.tags.run(DELETE_TAG, issuer, { type: 'DeleteTag', tag_id: payload.tag_id, tag: catalogue.tags[payload.tag_id] ?? null });
  }
}
