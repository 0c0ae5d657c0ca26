import 'reflect-metadata';
import { runReadService } from '@cn/platform';
import { SearchIndexerModule } from './search-indexer.module';
import { startSearchIndexer } from './search-indexer';

/** The search indexer as its own process: search API and the search projector. */
runReadService('search-indexer', (infra) => SearchIndexerModule.register(infra), (app) => startSearchIndexer(app));
