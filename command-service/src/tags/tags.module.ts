import { Module } from '@nestjs/common';
import { DeleteTagHandler } from './deleting-tag/delete-tag.command';
import { MergeTagsHandler } from './merging-tags/merge-tags.command';
import { RenameTagHandler } from './renaming-tag/rename-tag.command';
import { TagsAdministrationController } from './renaming-tag/rename-tag.controller';
import { Tags } from './tags.command';

/** The network's tags, administered: rename, merge, delete (the tags themselves come from tagged items). */
@Module({
  controllers: [TagsAdministrationController],
  providers: [Tags, RenameTagHandler, MergeTagsHandler, DeleteTagHandler],
})
export class TagsModule {}
