import { Module } from '@nestjs/common';
import type { SearchFeature } from '../core/search-feature';
import { DirectoryController } from './directory.controller';
import { MEMBERS_INDEX_DEFINITION, membersIndexing } from './members-index';

/** The member directory: its index and its search. */
@Module({ controllers: [DirectoryController] })
export class MembersSearchModule {}

export const membersSearchFeature: SearchFeature = {
  name: 'members',
  module: MembersSearchModule,
  indexing: async (open, { cipher }) => membersIndexing(await open(MEMBERS_INDEX_DEFINITION), cipher),
};
