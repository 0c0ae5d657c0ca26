import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import { projectionRebuildDtoSchema, SEARCH_INDEX_REBUILD_PROGRESS_COLLECTION, type ProjectionRebuildDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { type DocumentStore, Endpoint, type EventStore, InjectPort } from '@cn/platform';
import { ProjectionRebuildRunner } from './projection-rebuild-runner';
import { projectionRebuildsProjection, type ProjectionRebuildDocument } from './projection-rebuilds.projection';

const LISTED = 50;

/** The blue/green rebuilds, newest first: each as its read model records it, a running one with its progress. */
@Controller('api/v1/audit/projections/rebuilds')
export class ProjectionRebuildsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @Inject(ProjectionRebuildRunner) private readonly runner: ProjectionRebuildRunner,
  ) {}

  @Get()
  @Endpoint({
    summary: 'The blue/green rebuilds of read models, newest first, a running one with how far its new version has replayed',
    tags: ['audit'],
    responses: { 200: { description: 'ProjectionRebuildDto[]', schema: z.array(projectionRebuildDtoSchema) }, 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async list(): Promise<ProjectionRebuildDto[]> {
    const [docs, head] = await Promise.all([
      this.documentStore
        .collection<ProjectionRebuildDocument>(collectionName(projectionRebuildsProjection))
        .find({}, { sort: [['requested_at', -1], ['_id', -1]], limit: LISTED }),
      this.eventStore.headPosition(),
    ]);
    const running = docs.filter((doc) => doc.state === 'rebuilding').map((doc) => doc._id);
    // a search rebuild's progress, as the search indexer stores it after every batch
    const stored = running.length === 0 ? [] : await this.documentStore.collection<{ _id: string; position: number }>(SEARCH_INDEX_REBUILD_PROGRESS_COLLECTION).getMany(running);
    const progress = new Map([...stored.map((doc): [string, number] => [doc._id, doc.position]), ...this.runner.progress().map((rebuild): [string, number] => [rebuild.id, rebuild.position])]);
    return docs.map((doc) => ({
      id: doc._id,
      collection: doc.collection,
      state: doc.state,
      requested_by: doc.requested_by,
      requested_at: doc.requested_at,
      finished_at: doc.finished_at,
      position: doc.state === 'rebuilding' ? (progress.get(doc._id) ?? 0) : doc.position,
      head,
      error: doc.error,
    }));
  }
}
