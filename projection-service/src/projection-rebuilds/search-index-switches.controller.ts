import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { SEARCH_INDEX_SWITCH_HISTORY_COLLECTION, searchIndexSwitchDtoSchema, type SearchIndexSwitchDto } from '@cn/contracts';
import { type Document, type DocumentStore, Endpoint, InjectPort } from '@cn/platform';

const LISTED = 100;

type SwitchRecord = Document & Omit<SearchIndexSwitchDto, 'id'> & { _id: string };

/**
 * Every switch of rebuilt search indexes, newest first, as the search indexer replica that owned it recorded
 * it in the shared document store (`search-indexer/src/core/index-switch.ts`): the same readers as the
 * rebuilds (auditors and network administrators).
 */
@Controller('api/v1/audit/projections/search-switches')
export class SearchIndexSwitchesController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: 'The switches of rebuilt search indexes, newest first: feature, indexes, cut, owner, times, outcome, events replayed',
    tags: ['audit'],
    responses: { 200: { description: 'SearchIndexSwitchDto[]', schema: z.array(searchIndexSwitchDtoSchema) }, 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async list(): Promise<SearchIndexSwitchDto[]> {
    const docs = await this.documentStore
      .collection<SwitchRecord>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION)
      .find({}, { sort: [['started_at', -1], ['_id', -1]], limit: LISTED });
    return docs.map((doc) => ({
      id: doc._id,
      feature: doc.feature,
      indexes: doc.indexes,
      position: doc.position,
      generation: doc.generation,
      owner: doc.owner,
      started_at: doc.started_at,
      finished_at: doc.finished_at,
      outcome: doc.outcome,
      events_replayed: doc.events_replayed,
      duration_ms: doc.duration_ms,
      error: doc.error,
    }));
  }
}
