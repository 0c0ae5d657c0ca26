import type { INestApplication } from '@nestjs/common';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from './core/search-core';

export interface RunningSearchIndexer {
  runtime: SearchIndexerRuntime;
  stop(): Promise<void>;
}

/** Starts the search projector of a Nest app built with SearchIndexerModule. */
export const startSearchIndexer = async (app: INestApplication): Promise<RunningSearchIndexer> => {
  const runtime = app.get<SearchIndexerRuntime>(SEARCH_RUNTIME, { strict: false });
  await runtime.start();
  return { runtime, stop: () => runtime.stop() };
};
