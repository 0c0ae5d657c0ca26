import { randomUUID } from 'node:crypto';
import {
  createProjector,
  gateOf,
  versionOf,
  RELAY_CHECKPOINTS_COLLECTION,
  type CollectionWrites,
  type EventStore,
  type Infrastructure,
  type RelayCheckpoint,
  type SearchCollection,
  type SearchDocument,
} from '@cn/platform';
import type { RecordedEvent } from '@cn/domain';
import { bufferedIndexes, sourceCollectionName, type SourceCommit, type SourceDocument, type SourceOf } from './core/buffered-indexes';
import type { SearchIndexerRuntime } from './core/search-core';
import { supersededIn, type Indexing, type OpenIndex, type SearchFeature, type SearchIndexDefinition } from './core/search-feature';
import { SEARCH_FEATURES } from './features';
import { createIndexSwitch, type IndexSwitchOptions, type SwitchTurn } from './core/index-switch';
import { BUILDS_COLLECTION, buildName, createBuildCollector, type BuildRecord } from './core/build-collector';

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
/**
 * The settle step after a committed batch (`Indexing.settle`), repeated until a step writes nothing: each
 * step looks again at what the one before wrote, once that is applied. So the last write of an activity's
 * audience is always followed by a look at its group's state as committed then, and a change committed
 * after that look is settled by the replica that committed it (which finds the activity in the index).
 */
const settle = async (indexings: readonly Indexing[], open: OpenIndex, sources: SourceOf, commit: SourceCommit, order?: { indexFirst?: boolean }): Promise<void> => {
  const settling = indexings.filter((indexing) => indexing.settle !== undefined);
  if (settling.length === 0) return;
  for (;;) {
    const settled = bufferedIndexes(open, sources, commit, order);
    for (const indexing of settling) await indexing.settle?.(settled.open);
    if (!(await settled.flush())) return;
  }
};

export const createSearchRuntime = (
  infra: Infrastructure,
  features: readonly SearchFeature[] = SEARCH_FEATURES,
  switchOptions: Omit<IndexSwitchOptions, 'documentStore' | 'finish'> & {
    rebuildBatch?: number;
    /** where the projector's catch-up reads the log (standalone: a `sharedReader` with the projection service's) */
    catchUpSource?: EventStore;
  } = {},
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
    // what a later event of the batch replaces is not handled (Indexing.supersededKey)
    const superseded = indexings.map((indexing) => supersededIn(indexing, events));
    for (const event of events) {
      for (const [at, indexing] of indexings.entries()) {
        if (event.position > floors[at] && indexing.eventTypes.includes(event.type) && !superseded[at].has(event.position)) await indexing.handle(event);
      }
    }
    await indexes.flush();
    // what another replica may have changed while this batch was computed (activities' audiences), looked at
    // once the batch is committed; what it writes commits with the same fence
    await settle(indexings, index, sourceOf, (writes) => infra.documentStore.writeAll([fence(), ...writes]));
  };

  // a rebuild's switch holds live batches on every replica, and skips afterwards what the new indexes hold
  const indexSwitch = createIndexSwitch({
    ...switchOptions,
    documentStore: infra.documentStore,
    // the replica that finished a gone owner's switch removes what dead builds left behind, as an owner does
    finished: () => void collectGarbage(),
    // a switch whose owner is gone after recording its cut: its build is taken over where it stopped, replayed
    // on to the cut and swapped in (what the owner swapped already is completed, not done again)
    finish: async (name, cut, turn) => {
      logger.warn({ feature: name, position: cut }, 'finishing the search index switch of a replica that is gone');
      const rebuild = rebuilding(name, { build: turn.build });
      await rebuild.takeOver(turn);
      await rebuild.replayTo(cut, turn);
      await turn.claimSwap();
      await rebuild.swapIn(turn);
      return rebuild.report.replayed();
    },
  });

  const projector = createProjector({
    name: SEARCH_PROJECTOR_NAME,
    bus: infra.bus,
    eventStore: switchOptions.catchUpSource ?? infra.eventStore,
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

  /** each build's replay: how far its copies (and its indexes, written before them) hold the history */
  const progress = infra.documentStore.collection<BuildRecord>(BUILDS_COLLECTION);
  /** a feature's index definitions, without opening any index */
  const definitionsOf = async (feature: SearchFeature): Promise<Array<SearchIndexDefinition<SearchDocument>>> => {
    const found: Array<SearchIndexDefinition<SearchDocument>> = [];
    const probe: OpenIndex = <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
      found.push(definition);
      return Promise.resolve({} as SearchCollection<T>);
    };
    await feature.indexing(probe, { cipher: infra.cipher });
    return found;
  };
  const REBUILD_BATCH = switchOptions.rebuildBatch ?? 2000;
  /** events indexed between two turns of the event loop while rebuilding */
  const REBUILD_YIELD_EVERY = 50;
  let swaps = 0;
  /**
   * A feature's new indexes, replayed beside the live ones, then swapped in. Each build has its own indexes
   * (`buildName`, labelled with the holder) and its own copies (named after the owner's build); each batch
   * writes the indexes first, then the copies and the progress in one transaction (with the switch's fence
   * once the switch is held), so that a taker resuming from the progress replays what the copies lack.
   */
  const rebuilding = (name: string, options: { build?: string; onProgress?: (position: number) => void } = {}) => {
    const feature = features.find((candidate) => candidate.name === name);
    if (!feature) throw new Error(`no search feature named ${name} (known: ${features.map((candidate) => candidate.name).join(', ')})`);
    const build = options.build ?? randomUUID().replace(/-/g, '').slice(0, 16);
    let holder = build;
    const touched = new Map<string, SearchIndexDefinition<SearchDocument>>();
    // nobody reads the new indexes before the swap (the rebuild reads its own copies): their writes are not
    // waited for one by one; on Meilisearch the batches queue up as tasks, and the swap waits for them all
    const deferred = new Map<string, Promise<SearchCollection<SearchDocument>>>();
    const openNext: OpenIndex = <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => {
      touched.set(definition.name, definition);
      let collection = deferred.get(definition.name);
      if (!collection) {
        collection = infra.searchIndex.index<SearchDocument>(buildName(definition.name, holder), definition.settings, { deferWrites: true, label: holder });
        deferred.set(definition.name, collection);
      }
      return collection as Promise<SearchCollection<T>>;
    };
    // the copies stay the owner build's, whoever holds it now
    const nextSources: SourceOf = (indexName) => sourceOf(buildName(indexName, build));
    let after = 0;
    const startedAt = Date.now();
    let replayed = 0;
    /**
     * the version of the build's record this builder wrote (or, a taker, read) last: each write of it is
     * conditional on it, so a build whose record was removed (taken for dead: `collectGarbage`) commits nothing more
     */
    let version = 0;
    const recordWrite = (position: number): CollectionWrites => ({
      collection: BUILDS_COLLECTION,
      changes: [{ id: build, doc: { _id: build, position, owner: indexSwitch.replica, feature: name, _version: version + 1 }, ifVersion: version }],
    });
    /** the writes, with the build's record at `position`, in one transaction (fenced by the switch's generation when held) */
    const commit = async (writes: readonly CollectionWrites[], position: number, turn?: SwitchTurn): Promise<void> => {
      await infra.documentStore.writeAll([...(turn ? [turn.fence()] : []), ...writes, recordWrite(position)]);
      version += 1;
    };
    /** whether the build's record is still the one this builder wrote last (not removed as a dead build's) */
    const recordOurs = async (): Promise<boolean> => versionOf(await progress.get(build)) === version;
    /** live indexes whose swap this builder found done already (a taker) */
    const swapped = new Set<string>();
    /** builds the new indexes from the log up to `upTo`, going on from where the last call stopped */
    const replayTo = async (upTo: number, turn?: SwitchTurn): Promise<void> => {
      while (after < upTo) {
        const batch = (await infra.eventStore.readAll({ after, limit: REBUILD_BATCH })).filter((event) => event.position <= upTo);
        if (batch.length === 0) break;
        const reached = batch[batch.length - 1].position;
        // how far the build's record may say it is: a flush in the middle of the batch (a feature searching its
        // index commits what it wrote so far) leaves it where the batch began, so that a taker resuming from it
        // replays the whole batch, never only the rest of it
        let recorded = after;
        const indexes = bufferedIndexes(openNext, nextSources, (writes) => commit(writes, recorded, turn), { indexFirst: true });
        const indexing = await feature.indexing(indexes.open, { cipher: infra.cipher });
        let handled = 0;
        const superseded = supersededIn(indexing, batch);
        for (const event of batch) {
          if (!indexing.eventTypes.includes(event.type) || superseded.has(event.position)) continue;
          await indexing.handle(event);
          // searches run in this process meanwhile: a batch of indexing never holds them up for long
          handled += 1;
          if (handled % REBUILD_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        // a builder whose switch was taken over writes no index any more (its copies' commit would be refused,
        // but on Meilisearch a write to the index's old name would create it again)
        if (turn && !(await turn.stillOurs())) throw new Error('search_switch_lost');
        // nor a build taken for dead (its record removed, its indexes deleted): a write would create them again
        if (!(await recordOurs())) throw new Error('search_build_lost');
        recorded = reached;
        const wrote = await indexes.flush();
        // as live: what the batch derived is looked at again once committed (the same documents as live)
        await settle([indexing], openNext, nextSources, (writes) => commit(writes, reached, turn), { indexFirst: true });
        // a batch that changed nothing still records how far the build is
        if (!wrote) await commit([], reached, turn);
        replayed += batch.length;
        after = reached;
        options.onProgress?.(after);
      }
    };
    /**
     * A taker's start: a live index labelled by a holder holds the build already (swapped by an earlier
     * holder); each other build index moves to this taker's name (the name an earlier holder would swap then
     * holds nothing, so its late swap fails, in the index's own order of operations); the replay goes on from
     * the build's progress when every index not swapped was found, else from nothing.
     */
    const takeOver = async (turn: SwitchTurn): Promise<void> => {
      holder = turn.holders[turn.holders.length - 1];
      const earlier = turn.holders.slice(0, -1).reverse();
      let whole = true;
      for (const definition of await definitionsOf(feature)) {
        touched.set(definition.name, definition);
        const live = await infra.searchIndex.labelOf(definition.name);
        if (live && turn.holders.includes(live)) {
          swapped.add(definition.name);
          continue;
        }
        let found = false;
        for (const one of earlier) {
          if ((await infra.searchIndex.labelOf(buildName(definition.name, one))) === undefined) continue;
          await infra.searchIndex.renameIndex(buildName(definition.name, one), buildName(definition.name, holder));
          // labelled as this taker's
          await openNext(definition);
          found = true;
          break;
        }
        whole &&= found;
      }
      // copies renamed over the live ones by an earlier holder that died before recording it: recorded now, before
      // this replay writes the build's copies again
      for (const definition of touched.values()) await turn.recoverCopies(definition.name, sourceCollectionName(buildName(definition.name, build)));
      const record = await progress.get(build);
      version = versionOf(record);
      const reached = record?.position;
      if (whole && reached !== undefined) {
        after = reached;
        return;
      }
      // no usable progress: from nothing (copies and indexes emptied)
      for (const definition of touched.values()) {
        if (swapped.has(definition.name)) continue;
        await (await openNext(definition)).clear();
        await nextSources(definition.name).clear();
      }
    };
    /**
     * The new indexes take the live ones' place (each labelled with its holder: a swap found done is not done
     * again), then the copies (fenced), then the old contents (under the holders' names) are removed.
     */
    const swapIn = async (turn?: SwitchTurn): Promise<void> => {
      for (const definition of touched.values()) {
        await index(definition);
        if (!swapped.has(definition.name)) {
          // fails when this build's index was moved to a taker's name: the switch is no longer this builder's
          await infra.searchIndex.swapIndexes(definition.name, buildName(definition.name, holder));
          swaps += 1;
        }
        const liveCopies = sourceCollectionName(definition.name);
        const builtCopies = sourceCollectionName(buildName(definition.name, build));
        if (turn && !turn.copied(definition.name)) await turn.replaceCopies(definition.name, liveCopies, builtCopies);
        else if (!turn) await infra.documentStore.collection(liveCopies).replaceWith(builtCopies);
        // the old documents, now under a build's name, go (with any index a holder left behind)
        for (const one of new Set([holder, ...(turn?.holders ?? [])])) await infra.searchIndex.deleteIndex(buildName(definition.name, one));
        await infra.documentStore.drop(builtCopies);
      }
      await progress.delete(build);
    };
    /** a build nobody will finish: its indexes, copies and progress removed */
    const discard = async (): Promise<void> => {
      for (const definition of touched.values()) {
        await infra.searchIndex.deleteIndex(buildName(definition.name, holder));
        await infra.documentStore.drop(sourceCollectionName(buildName(definition.name, build)));
      }
      await progress.delete(build);
    };
    return {
      build,
      /** the build's record, before any of its indexes exists: from here on, an index of it is not an orphan */
      register: () => commit([], 0),
      /**
       * the build's record is still this builder's, checked in one transaction with the switch's generation
       * (the owner, before recording its cut): a build taken for dead meanwhile is not switched in
       */
      confirm: (turn: SwitchTurn) => commit([], after, turn),
      discard,
      replayTo,
      takeOver,
      swapIn,
      report: { startedAt, indexes: () => [...touched.keys()].map((live) => ({ live, rebuilt: buildName(live, holder) })), replayed: () => replayed },
    };
  };

  const rebuildFeature = async (name: string, onProgress?: (position: number) => void): Promise<number> => {
    const { build, register, confirm, replayTo, swapIn, discard, report } = rebuilding(name, { onProgress });
    let cutRecorded = false;
    /** the switch: every replica holds while the owner records the cut, replays to it, claims the swap and swaps */
    const cutAndSwap = async (turn: SwitchTurn): Promise<number> => {
      // every replica holds: nothing applied to the old indexes is past the head, nothing past it is applied
      const cut = await infra.eventStore.headPosition();
      await confirm(turn);
      // recorded first: should this replica die (or stall) from now on, another takes the build over at its
      // progress and finishes the switch at the cut
      await turn.recordCut(cut);
      cutRecorded = true;
      await replayTo(cut, turn);
      // the swap is claimed in a generation of its own: a taker moves the generation first, so a stalled
      // owner's claim fails and it swaps nothing
      await turn.claimSwap();
      await swapIn(turn);
      return cut;
    };
    let switched: number;
    try {
      // the live indexes keep answering and following the bus while the history is replayed; a second pass
      // replays what came meanwhile, so that little is left for the moment every replica holds
      await register();
      await replayTo(await infra.eventStore.headPosition());
      await replayTo(await infra.eventStore.headPosition());
      switched = await indexSwitch.switchOver(name, build, cutAndSwap, report);
    } catch (error) {
      // before the cut was recorded nobody finishes this build: its indexes and copies go; after, a replica
      // takes it over (and the indexes are its own to remove)
      if (!cutRecorded) await discard().catch((failure: unknown) => logger.warn({ err: failure, feature: name }, "removing a failed search rebuild's indexes failed"));
      throw error;
    }
    logger.info({ feature: name, position: switched, indexes: report.indexes().map((pair) => pair.live) }, 'search indexes rebuilt and swapped in');
    await collectGarbage();
    return switched;
  };

  /** what rebuilds nobody will finish left behind goes once a switch ended here, and at the start */
  const collector = createBuildCollector({
    searchIndex: infra.searchIndex,
    documentStore: infra.documentStore,
    indexSwitch,
    definitions: () => Promise.all(features.map(async (feature) => [feature.name, await definitionsOf(feature)] as const)),
    logger,
  });
  const collectGarbage = collector.collect;

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
      // once this replica said it is alive and read the switch: what dead rebuilds left behind goes, meanwhile
      void collectGarbage();
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
      await collector.idle();
    },
  };
};
