import { Module } from '@nestjs/common';
import type { SearchFeature } from '../core/search-feature';
import { GlobalSearchController } from './global-search.controller';

/** The global search's routes over every feature's index (its indexes are kept by their own features). */
@Module({ controllers: [GlobalSearchController] })
export class GlobalSearchModule {}

export const globalSearchFeature: SearchFeature = {
  name: 'global-search',
  module: GlobalSearchModule,
  indexing: () => Promise.resolve({ eventTypes: [], handle: () => Promise.resolve() }),
};
