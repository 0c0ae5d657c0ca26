import {
  createProjector,
  gateOf,
  RELAY_CHECKPOINTS_COLLECTION,
  type CollectionWrites,
  type Infrastructure,
  type RelayCheckpoint,
  type SearchCollection,
  type SearchDocument,
} from '@cn/platform';
import type { RecordedEvent } from '@cn/domain';
import { bufferedIndexes, sourceCollectionName, type SourceDocument, type SourceOf } from './core/buffered-indexes';
import type { SearchIndexerRuntime } from './core/search-core';
import type { Indexing, OpenIndex, SearchFeature, SearchIndexDefinition } from './core/search-feature';
import { SEARCH_FEATURES } from './features';
import { createIndexSwitch, type IndexSwitchOptions } from './core/index-switch';

export const SEARCH_PROJECTOR_NAME = 'search-indexer';
const LAG_INTERVAL_MS = 5_000;
/** events already in the log the bus hands over with a live one, in one batch (ConsumeOptions.maxBatch) */
const LIVE_BATCH = 2000;
/**
 * Marks that the search side's copies of its documents (search_source_*) are as far as the index's
 * checkpoint: an index kept before they existed is indexed again from the start once, building them.
 * v2: the global search's indexes (activities, messages, files, items) and the appointments' audience are
 * built from the whole log once. v3: group documents carry their profile image's version (group hits show it).
 * v4: group documents carry their category's name and slug (groups are found by their category's name).
 * v5: tag documents count only uses under properties that are not internal (`item_count`: the order of tags
 * must not tell how often internal fields use them).
 * v6: activity documents carry their stream's `audience` (and the activities feature its groups' states in
 * `_activity_streams`); the search filters by the viewer's few tokens, not by every stream it may read.
 */
const SOURCES_MARKER = 'search-indexer/sources-v6';

export const createSearchRuntime = (
  infra: Infrastructure,
  features: readonly SearchFeature[] = SEARCH_FEATURES,
  switchOptions: Omit<IndexSwitchOptions, 'documentStore'> = {},
): SearchIndexerRuntime => {
  const logger = infra.logger.child({ component: SEARCH_PROJECTOR_NAME });
  const opened = new Map<string, Promise<SearchCollection<SearchDocument>>>();
  const index: OpenIndex = <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
    let collection = opened.get(definition.name);
    if (!collection) {
      collection = infra.searchIndex.index<SearchDocument>(definition.name, definition.settings);
      opened.set(definition.name, collection);
    }
    return collection as Promise<SearchCollection<T>>;
  };
  const sourceOf: SourceOf = (name) => {
    const collection = infra.documentStore.collection<SourceDocument>(sourceCollectionName(name));
    return {
      name: sourceCollectionName(name),
      get: (id) => collection.get(id),
      clear: () => collection.clear(),
      write: (changes) => infra.documentStore.writeAll([{ collection: sourceCollectionName(name), changes }]),
    };
  };
  let sourcesMarked = false;
  const markers = infra.documentStore.collection<{ _id: string; position: number }>('_checkpoints');

  /**
   * Applies a batch (the catch-up's, or the one event the bus delivered): every feature's indexing runs on
   * buffered indexes, each index written once at the end. The copies commit in one transaction with the
   * index switch's fence: computed under a switch generation no longer stored, the batch is refused whole
   * and computed again (`IndexSwitch.apply`).
   */
  const handle = async (events: readonly RecordedEvent[], fence: () => CollectionWrites): Promise<void> => {
    const indexes = bufferedIndexes(index, sourceOf, (writes) => infra.documentStore.writeAll([fence(), ...writes]));
    const indexings: Indexing[] = await Promise.all(features.map((feature) => feature.indexing(indexes.open, { cipher: infra.cipher })));
    // a feature switched to rebuilt indexes holds every event up to the switch's position already
    const floors = features.map((feature) => indexSwitch.floorOf(feature.name));
    for (const event of events) {
      for (const [at, indexing] of indexings.entries()) {
        if (event.position > floors[at] && indexing.eventTypes.includes(event.type)) await indexing.handle(event);
      }
    }
    await indexes.flush();
    // what another replica may have changed while this batch was computed (activities' audiences), looked at
    // once the batch is committed; what it writes commits with the same fence
    const settling = indexings.filter((indexing) => indexing.settle !== undefined);
    if (settling.length === 0) return;
    const settled = bufferedIndexes(index, sourceOf, (writes) => infra.documentStore.writeAll([fence(), ...writes]));
    for (const indexing of settling) await indexing.settle?.(settled.open);
    await settled.flush();
  };

  // a rebuild's switch holds live batches on every replica, and skips afterwards what the new indexes hold
  const indexSwitch = createIndexSwitch({
    ...switchOptions,
    documentStore: infra.documentStore,
    // a switch whose owner died after recording its cut: built again here up to it and swapped in
    finish: async (name, cut) => {
      logger.warn({ feature: name, position: cut }, 'finishing the search index switch of a replica that is gone');
      const rebuild = rebuilding(name);
      await rebuild.replayTo(cut);
      await rebuild.swapIn();
    },
  });

  const projector = createProjector({
    name: SEARCH_PROJECTOR_NAME,
    bus: infra.bus,
    eventStore: infra.eventStore,
    handle: (events) => indexSwitch.apply(events, handle),
    // each batch is one write per index, which on Meilisearch is a task to wait for (from a few ms to a second
    // when the server is loaded): event by event, a burst of commands would leave the search ever further behind
    liveBatch: LIVE_BATCH,
    checkpoint: {
      get: async () => {
        sourcesMarked = (await markers.get(SOURCES_MARKER)) !== null;
        return sourcesMarked ? infra.searchIndex.getCheckpoint(SEARCH_PROJECTOR_NAME) : 0;
      },
      set: async (position) => {
        await infra.searchIndex.setCheckpoint(SEARCH_PROJECTOR_NAME, position);
        if (sourcesMarked) return;
        await markers.upsert({ _id: SOURCES_MARKER, position });
        sourcesMarked = true;
      },
    },
    logger,
    onError: (error) => logger.error({ err: error }, 'search projector stopped'),
    // on a partitioned Kafka topic, X-Consistency-Position is found per partition through the relay's checkpoint
    relayCheckpoint: { collection: infra.documentStore.collection<RelayCheckpoint>(RELAY_CHECKPOINTS_COLLECTION) },
  });

  /** where a feature's index is rebuilt beside the live one */
  const nextName = (name: string): string => `${name}__next`;
  const REBUILD_BATCH = 2000;
  /** events indexed between two turns of the event loop while rebuilding */
  const REBUILD_YIELD_EVERY = 50;
  let swaps = 0;
  /** a feature's new indexes, replayed beside the live ones from nothing, then swapped in */
  const rebuilding = (name: string, onProgress?: (position: number) => void) => {
    const feature = features.find((candidate) => candidate.name === name);
    if (!feature) throw new Error(`no search feature named ${name} (known: ${features.map((candidate) => candidate.name).join(', ')})`);
    const touched = new Map<string, SearchIndexDefinition<SearchDocument>>();
    // nobody reads the new indexes before the swap (the rebuild reads its own copies): their writes are not
    // waited for one by one; on Meilisearch the batches queue up as tasks, and the swap waits for them all
    const deferred = new Map<string, Promise<SearchCollection<SearchDocument>>>();
    const openNext: OpenIndex = <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
      touched.set(definition.name, definition);
      let collection = deferred.get(definition.name);
      if (!collection) {
        collection = infra.searchIndex.index<SearchDocument>(nextName(definition.name), definition.settings, { deferWrites: true });
        deferred.set(definition.name, collection);
      }
      return collection as Promise<SearchCollection<T>>;
    };
    const nextSources: SourceOf = (indexName) => sourceOf(nextName(indexName));
    let after = 0;
    let first = true;
    const startedAt = Date.now();
    let replayed = 0;
    /** builds the new indexes from the log up to `upTo`, going on from where the last call stopped */
    const replayTo = async (upTo: number): Promise<void> => {
      while (after < upTo) {
        const batch = (await infra.eventStore.readAll({ after, limit: REBUILD_BATCH })).filter((event) => event.position <= upTo);
        if (batch.length === 0) break;
        const indexes = bufferedIndexes(openNext, nextSources);
        const indexing = await feature.indexing(indexes.open, { cipher: infra.cipher });
        if (first) {
          // a rebuild left half done before starts again from nothing
          for (const definition of touched.values()) {
            await (await openNext(definition)).clear();
            await nextSources(definition.name).clear();
          }
          first = false;
        }
        let handled = 0;
        for (const event of batch) {
          if (!indexing.eventTypes.includes(event.type)) continue;
          await indexing.handle(event);
          // searches run in this process meanwhile: a batch of indexing never holds them up for long
          handled += 1;
          if (handled % REBUILD_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        await indexes.flush();
        // as live: what the batch derived is looked at again once committed (the same documents as live)
        if (indexing.settle) {
          const settled = bufferedIndexes(openNext, nextSources);
          await indexing.settle(settled.open);
          await settled.flush();
        }
        replayed += batch.length;
        after = batch[batch.length - 1].position;
        onProgress?.(after);
      }
    };
    /** the new indexes (and their sources) take the live ones' place, the old ones emptied */
    const swapIn = async (): Promise<void> => {
      for (const definition of touched.values()) {
        await index(definition);
        await infra.searchIndex.swapIndexes(definition.name, nextName(definition.name));
        swaps += 1;
        await infra.documentStore.collection(sourceCollectionName(definition.name)).replaceWith(sourceCollectionName(nextName(definition.name)));
        // the old documents, now under the next name, go (waited for: no deferred write is left behind)
        await (await index({ name: nextName(definition.name), settings: definition.settings })).clear();
      }
    };
    return {
      replayTo,
      swapIn,
      report: { startedAt, indexes: () => [...touched.keys()].map((live) => ({ live, rebuilt: nextName(live) })), replayed: () => replayed },
    };
  };

  const rebuildFeature = async (name: string, onProgress?: (position: number) => void): Promise<number> => {
    const { replayTo, swapIn, report } = rebuilding(name, onProgress);
    // the live indexes keep answering and following the bus while the history is replayed; a second pass
    // replays what came meanwhile, so that little is left for the moment every replica holds
    await replayTo(await infra.eventStore.headPosition());
    await replayTo(await infra.eventStore.headPosition());
    const switched = await indexSwitch.switchOver(
      name,
      async (recordCut) => {
        // every replica holds: nothing applied to the old indexes is past the head, nothing past it is applied
        const cut = await infra.eventStore.headPosition();
        await replayTo(cut);
        // recorded before anything is swapped: should this replica die now, another finishes the switch at it
        await recordCut(cut);
        await swapIn();
        return cut;
      },
      report,
    );
    logger.info({ feature: name, position: switched, indexes: report.indexes().map((pair) => pair.live) }, 'search indexes rebuilt and swapped in');
    return switched;
  };

  let lagTimer: NodeJS.Timeout | null = null;
  const measureLag = async (): Promise<void> => {
    const head = await infra.eventStore.headPosition();
    infra.metrics.projectionLag.set({ projector: projector.name }, Math.max(0, head - projector.position()));
  };

  return {
    projector,
    gate: gateOf([projector]),
    index,
    rebuildFeature,
    indexState: () => `${projector.position()}:${swaps}:${indexSwitch.switches()}`,
    start: async () => {
      await indexSwitch.start();
      await projector.start();
      if (lagTimer) return;
      await measureLag();
      lagTimer = setInterval(() => {
        measureLag().catch((error: unknown) => logger.warn({ err: error }, 'measuring projection lag failed'));
      }, LAG_INTERVAL_MS);
      lagTimer.unref();
    },
    stop: async () => {
      if (lagTimer) clearInterval(lagTimer);
      lagTimer = null;
      // first: a batch a switch holds fails, so that stopping the bus's consumer does not wait for it
      await indexSwitch.stop();
      await projector.stop();
    },
  };
};
