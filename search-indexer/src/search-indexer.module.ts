import { Module, type DynamicModule } from '@nestjs/common';
import { CONSISTENCY_GATE, INFRASTRUCTURE, MEMBER_ACCESS, type Infrastructure } from '@cn/platform';
import { searchSideMemberAccess } from './members/member-access';
import { DirectoryController } from './members/directory.controller';
import { createSearchRuntime, SEARCH_RUNTIME, type SearchIndexerRuntime } from './search-runtime';

/** Search API; the search projector is started by startSearchIndexer (index.ts). */
@Module({})
export class SearchIndexerModule {
  static register(infra: Infrastructure, runtime: SearchIndexerRuntime = createSearchRuntime(infra)): DynamicModule {
    return {
      module: SearchIndexerModule,
      controllers: [DirectoryController],
      providers: [
        { provide: INFRASTRUCTURE, useValue: infra },
        { provide: SEARCH_RUNTIME, useValue: runtime },
        { provide: CONSISTENCY_GATE, useValue: runtime.gate },
        { provide: MEMBER_ACCESS, useValue: searchSideMemberAccess(runtime) },
      ],
      exports: [SEARCH_RUNTIME],
    };
  }
}
