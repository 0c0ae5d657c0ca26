import { Module } from '@nestjs/common';
import type { SearchFeature } from '../core/search-feature';
import { SearchIndexRebuildRunner } from './search-index-rebuild-runner';

/** Blue/green rebuilds of a feature's search indexes, asked for from the auditor's console (issue 16). */
@Module({ providers: [SearchIndexRebuildRunner], exports: [SearchIndexRebuildRunner] })
export class IndexRebuildsModule {}

export const indexRebuildsSearchFeature: SearchFeature = {
  name: 'index-rebuilds',
  module: IndexRebuildsModule,
  // keeps no index: it follows the rebuild requests on a projector of its own
  indexing: () => Promise.resolve({ eventTypes: [], handle: () => Promise.resolve() }),
};
