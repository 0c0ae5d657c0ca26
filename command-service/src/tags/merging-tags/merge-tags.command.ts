import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { mergeTagRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Tags } from '../tags.command';

export const MERGE_TAGS = 'MergeTags';

export class MergeTagsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof mergeTagRequestSchema> & { tag_id: string },
  ) {
    super();
  }
}

/** Merges the tag of the path into `into` (400 into: same_tag or not_found). */
@CommandHandler(MergeTagsCommand)
export class MergeTagsHandler implements ICommandHandler<MergeTagsCommand> {
  constructor(private readonly tags: Tags) {}

  async execute({ issuer, payload }: MergeTagsCommand): Promise<{ position: number }> {
    const catalogue = await this.tags.lookup.tagCatalogue();
    return this.tags.run(MERGE_TAGS, issuer, {
      type: 'MergeTags',
      tag_id: payload.tag_id,
      into_id: payload.into,
      tag: catalogue.tags[payload.tag_id] ?? null,
      into: catalogue.tags[payload.into] ?? null,
    });
  }
}
