import { Module, type DynamicModule } from '@nestjs/common';
import type { Infrastructure } from '@cn/platform';
import { SEARCH_RUNTIME, searchCoreProviders, type SearchIndexerRuntime } from './core/search-core';
import type { SearchFeature } from './core/search-feature';
import { SEARCH_FEATURES } from './features';
import { createSearchRuntime } from './search-runtime';

/**
 * The search API: one Nest module per feature with routes (features.ts), each given the search side's core
 * providers; the search projector is started by startSearchIndexer (index.ts).
 */
@Module({})
export class SearchIndexerModule {
  static register(
    infra: Infrastructure,
    runtime: SearchIndexerRuntime = createSearchRuntime(infra),
    features: readonly SearchFeature[] = SEARCH_FEATURES,
  ): DynamicModule {
    const core = searchCoreProviders(infra, runtime);
    return {
      module: SearchIndexerModule,
      imports: features.flatMap((feature): DynamicModule[] => (feature.module ? [{ module: feature.module, providers: core }] : [])),
      providers: [{ provide: SEARCH_RUNTIME, useValue: runtime }],
      exports: [SEARCH_RUNTIME],
    };
  }
}
