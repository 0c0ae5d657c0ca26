import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import { projectionStatusDtoSchema, type ProjectionStatusDto } from '@cn/contracts';
import { Endpoint, type EventStore, InjectPort } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionServiceRuntime } from '../projection-runtime';

/**
 * Each read model of this service beside the history's head: where it stands, how far behind and whether
 * it stopped on an event (it then retries alone). The console polls it and derives the rate.
 */
@Controller('api/v1/audit/projections')
export class ProjectionsStatusController {
  constructor(
    @Inject(PROJECTION_RUNTIME) private readonly runtime: ProjectionServiceRuntime,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
  ) {}

  @Get()
  @Endpoint({
    summary: "The read models' positions, lag behind the history's head and failures",
    tags: ['audit'],
    responses: { 200: { description: 'ProjectionStatusDto[]', schema: z.array(projectionStatusDtoSchema) }, 401: 'signed out', 403: 'neither auditor nor administrator' },
    auth: 'auditor',
  })
  async list(): Promise<ProjectionStatusDto[]> {
    const head = await this.eventStore.headPosition();
    return this.runtime.projectors.flatMap((projector) =>
      projector.readModels().map((model) => ({
        projector: projector.name,
        name: model.name,
        collection: model.collection,
        position: model.position,
        head,
        lag: Math.max(0, head - model.position),
        failing: model.failing,
      })),
    );
  }
}
