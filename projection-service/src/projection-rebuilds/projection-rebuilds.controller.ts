import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import { projectionRebuildDtoSchema, type ProjectionRebuildDto } from '@cn/contracts';
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
    // a read model's rebuild runs here; a search rebuild's progress is in its document (from the log)
    const progress = new Map(this.runner.progress().map((rebuild): [string, number] => [rebuild.id, rebuild.position]));
    return docs.map((doc) => ({
      id: doc._id,
      collection: doc.collection,
      state: doc.state,
      requested_by: doc.requested_by,
      requested_at: doc.requested_at,
      finished_at: doc.finished_at,
      position: doc.state === 'rebuilding' ? (progress.get(doc._id) ?? doc.position) : doc.position,
      head,
      error: doc.error,
    }));
  }
}
