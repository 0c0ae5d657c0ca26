import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  eventOf,
  projectionRebuildEvents,
  projectionRebuildStream,
  SEARCH_INDEX_REBUILD_PROGRESS_COLLECTION,
  searchFeatureOfRebuild,
  type ProjectionRebuildEvent,
  type ProjectionRebuildOutcome,
} from '@cn/contracts';
import { toNewEvents, type Document, type RecordedEvent } from '@cn/domain';
import { createReactor, INFRASTRUCTURE, type Infrastructure, type Projector } from '@cn/platform';
import { SEARCH_RUNTIME, type SearchIndexerRuntime } from '../core/search-core';

export const SEARCH_INDEX_REBUILD_RUNNER = 'search-index-rebuild-runner';

/** a search rebuild running now, kept while it runs (one left at start was cut short) */
interface RunningRebuild extends Document {
  _id: string;
  collection: string;
}

/**
 * Runs the search side's blue/green rebuilds (`ProjectionRebuildRequested` for `searchindex_<feature>`, asked
 * for from the auditor's console): the feature's indexes are rebuilt from the history beside the live ones,
 * which keep answering, and swapped in (`SearchIndexerRuntime.rebuildFeature`). One at a time, in the order
 * asked. The progress after every batch (`ProjectionRebuildProgressed`) and how it ended are appended to the
 * target's rebuild stream: the search indexer has no realtime channel of its own, and the log is how it
 * reaches the projection service's, which folds the rebuild's document and pushes it to the auditors' open
 * consoles (docs/ARCHITECTURE.md, "Blue/green rebuild"). On a partitioned bus the replica given the request
 * (the one holding its stream's partition) rebuilds; the others keep applying their partitions' events to the
 * old indexes until the switch holds them all, then go on on the new ones (`core/index-switch.ts`).
 */
@Injectable()
export class SearchIndexRebuildRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private projector: Projector | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly asked = new Set<string>();

  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    @Inject(SEARCH_RUNTIME) private readonly runtime: SearchIndexerRuntime,
  ) {}

  private get runningNow() {
    return this.infra.documentStore.collection<RunningRebuild>(SEARCH_INDEX_REBUILD_PROGRESS_COLLECTION);
  }

  /** resolves once every rebuild asked for so far has ended (tests, shutdown) */
  settled(): Promise<void> {
    return this.queue;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.closeInterrupted();
    this.projector = createReactor({
      name: SEARCH_INDEX_REBUILD_RUNNER,
      bus: this.infra.bus,
      eventStore: this.infra.eventStore,
      documentStore: this.infra.documentStore,
      logger: this.infra.logger,
      handle: (events) => this.follow(events),
      // a request older than this runner is not run again: closeInterrupted accounts for it
      from: 'head',
      what: 'search index rebuilds',
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
      if (request?.type !== 'ProjectionRebuildRequested' || this.asked.has(request.data.rebuild_id)) continue;
      const feature = searchFeatureOfRebuild(request.data.collection);
      if (feature === null) continue;
      this.asked.add(request.data.rebuild_id);
      const { rebuild_id: id, collection } = request.data;
      this.queue = this.queue.then(() => this.run(event, id, collection, feature));
    }
    return Promise.resolve();
  }

  private async run(requested: RecordedEvent, id: string, collection: string, feature: string): Promise<void> {
    let position = 0;
    // the batches' progress, appended in order; awaited before the outcome, which comes last
    let progressed: Promise<unknown> = Promise.resolve();
    try {
      await this.runningNow.upsert({ _id: id, collection });
      const switched = await this.runtime.rebuildFeature(feature, (reached) => {
        position = reached;
        progressed = progressed.then(() => this.append(requested, collection, { type: 'ProjectionRebuildProgressed', data: { rebuild_id: id, collection, position: reached } }));
      });
      await progressed.catch((error: unknown) => this.infra.logger.warn({ err: error, collection }, 'recording a search rebuild\'s progress failed'));
      await this.finish(requested, id, collection, 'switched', switched, null);
    } catch (error) {
      this.infra.logger.error({ err: error, collection }, 'a search index rebuild failed; the old indexes keep answering');
      await progressed.catch(() => undefined);
      await this.finish(requested, id, collection, 'failed', position, error instanceof Error ? error.message : 'failed').catch((failure: unknown) =>
        this.infra.logger.error({ err: failure, collection }, 'recording the end of a search rebuild failed'),
      );
    } finally {
      await this.runningNow.delete(id).catch((error: unknown) => this.infra.logger.warn({ err: error }, 'clearing a finished search rebuild failed'));
    }
  }

  private finish(requested: RecordedEvent, id: string, collection: string, outcome: ProjectionRebuildOutcome, position: number, error: string | null): Promise<void> {
    return this.append(requested, collection, { type: 'ProjectionRebuildFinished', data: { rebuild_id: id, collection, outcome, position, error } });
  }

  /** an event of the rebuild, caused by its request */
  private async append(requested: RecordedEvent, collection: string, event: ProjectionRebuildEvent): Promise<void> {
    const events = toNewEvents([event], { memberId: null, correlationId: requested.metadata.correlationId, causationId: requested.id }, this.infra.clock());
    await this.infra.eventStore.append(projectionRebuildStream(collection), events, { expectedRevision: 'any' });
  }

  /** rebuilds still marked running, though nothing runs them (the search indexer stopped meanwhile) */
  private async closeInterrupted(): Promise<void> {
    for (const left of await this.runningNow.find({})) {
      const stream = await this.infra.eventStore.readStream(projectionRebuildStream(left.collection));
      const mine = (event: RecordedEvent) => (event.data as { rebuild_id?: string }).rebuild_id === left._id;
      const requested = stream.find((event) => event.type === 'ProjectionRebuildRequested' && mine(event));
      const ended = stream.some((event) => event.type === 'ProjectionRebuildFinished' && mine(event));
      if (requested && !ended) await this.finish(requested, left._id, left.collection, 'interrupted', 0, null);
      await this.runningNow.delete(left._id);
    }
  }
}
