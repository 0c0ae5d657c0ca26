import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  eventOf,
  PROJECTION_REBUILDS_COLLECTION,
  projectionRebuildEvents,
  projectionRebuildStream,
  searchFeatureOfRebuild,
  type ProjectionRebuildChange,
  type ProjectionRebuildOutcome,
} from '@cn/contracts';
import { collectionName, toNewEvents, type RecordedEvent } from '@cn/domain';
import { createReactor, INFRASTRUCTURE, type DocumentProjector, type Infrastructure, type Projector } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { auditorsAmong } from '../realtime/auditors';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { projectionRebuildsProjection, type ProjectionRebuildDocument } from './projection-rebuilds.projection';

export const PROJECTION_REBUILD_RUNNER = 'projection-rebuild-runner';
/**
 * How long the runner waits for this process's live projector of the read model to have applied the
 * request itself: with one partition, a replica that does not hold it (a standby in the consumer group) never
 * gets there and gives the rebuild up instead of switching a version the live replica keeps writing beside.
 * With several, the wait reads the partitions' shared checkpoints, and the replica given the request owns the
 * switch, holding every other replica for it (platform projections/partitioned-switch.ts).
 */
const LIVE_HERE_TIMEOUT_MS = 5_000;

/** a running rebuild as the status answer shows it beside its document */
export interface RunningRebuild {
  id: string;
  collection: string;
  position: number;
}

/** Pushes to every connected auditor and network administrator (the console reads the rebuilds again). */
export const pushToAuditors = async (hub: RealtimeHub, infra: Infrastructure, id: string, change: ProjectionRebuildChange): Promise<void> => {
  for (const memberId of await auditorsAmong(infra.documentStore, hub.connectedMembers())) {
    hub.publishTo(memberId, { type: 'changed', collection: PROJECTION_REBUILDS_COLLECTION, id, doc: change });
  }
};

/**
 * Follows the log for rebuild requests and runs each as a blue/green rebuild on the projector that keeps
 * the read model: the new version is replayed beside the live one, which keeps serving, and switched in
 * once it has caught up. How it ended is appended to the read model's rebuild stream. Progress is pushed
 * to the auditors' consoles after every replayed batch. A rebuild cut short by a stop (or a crash) is
 * recorded as interrupted when the service starts again: the old version kept serving.
 */
@Injectable()
export class ProjectionRebuildRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private projector: Projector | null = null;
  private readonly running = new Map<string, { collection: string; position: number; done: Promise<void> }>();

  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    @Inject(PROJECTION_RUNTIME) private readonly runtime: ProjectionServiceRuntime,
  ) {}

  /** the rebuilds under way in this process, with their progress */
  progress(): RunningRebuild[] {
    return [...this.running].map(([id, rebuild]) => ({ id, collection: rebuild.collection, position: rebuild.position }));
  }

  /** resolves once every rebuild started so far has ended (tests, shutdown) */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((rebuild) => rebuild.done));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.closeInterrupted();
    this.projector = createReactor({
      name: PROJECTION_REBUILD_RUNNER,
      bus: this.infra.bus,
      eventStore: this.infra.eventStore,
      documentStore: this.infra.documentStore,
      logger: this.infra.logger,
      handle: (events) => this.follow(events),
      // a request older than this runner is not run again: closeInterrupted accounts for it
      from: 'head',
      what: 'projection rebuilds',
      eventTypes: ['ProjectionRebuildRequested'],
    });
    await this.projector.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projector?.stop();
    this.projector = null;
  }

  private follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const request = eventOf(projectionRebuildEvents, event);
      if (request?.type !== 'ProjectionRebuildRequested' || this.running.has(request.data.rebuild_id)) continue;
      // a search feature's indexes: the search indexer rebuilds them
      if (searchFeatureOfRebuild(request.data.collection) !== null) continue;
      this.start(event, request.data.rebuild_id, request.data.collection);
    }
    return Promise.resolve();
  }

  private start(requested: RecordedEvent, id: string, collection: string): void {
    const projector = this.runtime.projectors.find((candidate) => candidate.readModels().some((model) => model.collection === collection));
    const entry = { collection, position: 0, done: Promise.resolve() };
    this.running.set(id, entry);
    entry.done = this.rebuild(projector, collection, requested.position, (position) => {
      entry.position = position;
      void pushToAuditors(this.runtime.hub, this.infra, id, { state: 'rebuilding', position }).catch((error: unknown) => this.infra.logger.warn({ err: error }, 'pushing rebuild progress failed'));
    })
      .then(
        (position) => this.finish(requested, id, collection, 'switched', position, null),
        (error: unknown) => {
          this.infra.logger.error({ err: error, collection }, 'a blue/green rebuild failed; the old version keeps serving');
          return this.finish(requested, id, collection, 'failed', entry.position, error instanceof Error ? error.message : 'failed');
        },
      )
      .catch((error: unknown) => this.infra.logger.error({ err: error, collection }, 'recording the end of a rebuild failed'))
      .finally(() => {
        this.running.delete(id);
      });
  }

  private async rebuild(projector: DocumentProjector | undefined, collection: string, requestedAt: number, onProgress: (position: number) => void): Promise<number> {
    if (!projector) throw new Error(`no read model of collection ${collection} in this service`);
    if (!(await projector.waitFor(requestedAt, LIVE_HERE_TIMEOUT_MS))) throw new Error('rebuild_not_on_this_replica');
    return projector.rebuildBeside(collection, onProgress);
  }

  private async finish(requested: RecordedEvent, id: string, collection: string, outcome: ProjectionRebuildOutcome, position: number, error: string | null): Promise<void> {
    const events = toNewEvents(
      [{ type: 'ProjectionRebuildFinished', data: { rebuild_id: id, collection, outcome, position, error } }],
      { memberId: null, correlationId: requested.metadata.correlationId, causationId: requested.id },
      this.infra.clock(),
    );
    await this.infra.eventStore.append(projectionRebuildStream(collection), events, { expectedRevision: 'any' });
  }

  /** rebuilds the read model still shows running, though nothing runs them (the service stopped meanwhile) */
  private async closeInterrupted(): Promise<void> {
    const open = await this.infra.documentStore
      .collection<ProjectionRebuildDocument>(collectionName(projectionRebuildsProjection))
      .find({ state: 'rebuilding' });
    for (const rebuild of open) {
      // a search rebuild runs in the search indexer, which accounts for its own
      if (this.running.has(rebuild._id) || searchFeatureOfRebuild(rebuild.collection) !== null) continue;
      // another replica runs it (a partitioned bus): it records how it ends
      const projector = this.runtime.projectors.find((candidate) => candidate.readModels().some((model) => model.collection === rebuild.collection));
      if (await projector?.rebuildRunning(rebuild.collection)) continue;
      const [requested] = (await this.infra.eventStore.readStream(projectionRebuildStream(rebuild.collection))).filter(
        (event) => event.type === 'ProjectionRebuildRequested' && (event.data as { rebuild_id?: string }).rebuild_id === rebuild._id,
      );
      if (requested) await this.finish(requested, rebuild._id, rebuild.collection, 'interrupted', 0, null);
    }
  }
}
