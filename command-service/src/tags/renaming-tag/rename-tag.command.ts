import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { tagNamed, type renameTagRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Tags } from '../tags.command';

export const RENAME_TAG = 'RenameTag';

export class RenameTagCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof renameTagRequestSchema> & { tag_id: string },
  ) {
    super();
  }
}

/** Renames a tag; a name another tag has is 409 tag_name_taken (merge them instead). */
@CommandHandler(RenameTagCommand)
export class RenameTagHandler implements ICommandHandler<RenameTagCommand> {
  constructor(private readonly tags: Tags) {}

  async execute({ issuer, payload }: RenameTagCommand): Promise<{ position: number }> {
    const catalogue = await this.tags.lookup.tagCatalogue();
    return this.tags.run(RENAME_TAG, issuer, {
      type: 'RenameTag',
      tag_id: payload.tag_id,
      name: payload.name,
      tag: catalogue.tags[payload.tag_id] ?? null,
      // a name clashes only within the tag's scope (an internal tag may share a public tag's name)
      named: tagNamed(catalogue, payload.name, catalogue.tags[payload.tag_id]?.internal === true),
    });
  }
}
