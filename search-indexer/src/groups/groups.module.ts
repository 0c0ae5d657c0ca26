import { Module } from '@nestjs/common';
import type { SearchFeature } from '../core/search-feature';
import { GROUP_CATEGORIES_INDEX_DEFINITION, GROUPS_INDEX_DEFINITION, groupsIndexing } from './groups-index';
import { GroupsSearchController } from './groups-search.controller';

/** Groups in the search index, kept current by their events; found only by those who may see them. */
@Module({ controllers: [GroupsSearchController] })
export class GroupsSearchModule {}

export const groupsSearchFeature: SearchFeature = {
  name: 'groups',
  module: GroupsSearchModule,
  indexing: async (open) => groupsIndexing(await open(GROUPS_INDEX_DEFINITION), await open(GROUP_CATEGORIES_INDEX_DEFINITION)),
};
