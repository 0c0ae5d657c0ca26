import { DocumentConflictError, versionOf, type CollectionWrites, type Document, type DocumentStore, type SearchDocument, type SearchIndex } from '@cn/platform';
import { sourceCollectionName } from './buffered-indexes';
import type { SearchIndexDefinition } from './search-feature';

/**
 * Each rebuild's record (per build), written before any of its indexes exists and removed once it ended
 * (swapped in, or discarded): how far its replay is (a replica taking a dead owner's switch over goes on from
 * it), the replica building it and the feature. An index named after a build without a record is nobody's.
 */
export const BUILDS_COLLECTION = '_search_index_builds';
export interface BuildRecord extends Document {
  _id: string;
  position: number;
  /** the replica that builds it (absent in records of builds made before records named one) */
  owner?: string;
  feature?: string;
}

/** where a build (its owner's, or a taker's: `holder`) of a feature's index is built beside the live one */
export const buildName = (name: string, holder: string): string => `${name}__b${holder}`;
/** `<index>__b<holder>` (holder `<build>`, or a taker's `<build>t<generation>`) or `<index>__next` (builds before they had names) */
const BUILD_INDEX = /^(.+)__(?:b([a-z0-9]+)|next)$/;
/** the build an index's holder builds: its own id, or a taker's `<build>t<generation>` (build ids are hex, never `t`) */
const buildOf = (holder: string): string => holder.replace(/t\d+$/, '');

export interface BuildCollectorOptions {
  searchIndex: SearchIndex;
  documentStore: DocumentStore;
  indexSwitch: {
    /** the switch as stored now (`IndexSwitch.read`) */
    read(): Promise<{ underWay: boolean; build: string | null; generation: CollectionWrites }>;
    replicaGone(replica: string): Promise<boolean>;
  };
  /** every feature's index definitions, by feature */
  definitions(): Promise<ReadonlyArray<readonly [string, ReadonlyArray<SearchIndexDefinition<SearchDocument>>]>>;
  logger: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

/**
 * Removes what rebuilds nobody will finish left behind (docs/SEARCH.md, "Builds nobody finishes"): the
 * indexes `<index>__b<holder>` of builds without a record (swapped in or discarded: leftovers) and of builds
 * whose owner is gone while no switch holds them, with their copies, and every `<index>__next` of the scheme
 * before builds had names. A dead build's record is removed first, in one transaction with the switch as read:
 * a switch taken meanwhile refuses the removal, and the builder, should it wake, commits nothing more (its
 * record writes are conditional on the version it wrote). Never an index of a build whose owner is alive, nor
 * of the switch under way (a taker may still rename it): decided by the records, the clock only telling
 * whether an owner is gone. Only indexes named after this runtime's live indexes are looked at.
 */
export const createBuildCollector = (options: BuildCollectorOptions) => {
  const { searchIndex, documentStore, logger } = options;
  const records = documentStore.collection<BuildRecord>(BUILDS_COLLECTION);

  const collectOnce = async (): Promise<void> => {
    const definitions = new Map(await options.definitions());
    const every = [...definitions.values()].flat();
    const liveNames = new Set(every.map((definition) => definition.name));
    // the names first: a build's record is written before its first index, so an index listed here has a
    // record in what is read next unless its build ended
    const names = await searchIndex.listIndexes();
    const now = await options.indexSwitch.read();
    const alive = new Set<string>();
    if (now.underWay && now.build !== null) alive.add(now.build);
    const removed: string[] = [];
    for (const record of await records.find({})) {
      if (alive.has(record._id) || (record.owner !== undefined && !(await options.indexSwitch.replicaGone(record.owner)))) {
        alive.add(record._id);
        continue;
      }
      try {
        await documentStore.writeAll([now.generation, { collection: BUILDS_COLLECTION, changes: [{ id: record._id, doc: null, ifVersion: versionOf(record) }] }]);
      } catch (error) {
        // the switch moved, or the builder wrote meanwhile: left for the next time
        if (!(error instanceof DocumentConflictError)) throw error;
        alive.add(record._id);
        continue;
      }
      removed.push(record._id);
      const ofFeature = (record.feature === undefined ? undefined : definitions.get(record.feature)) ?? every;
      for (const definition of ofFeature) await documentStore.drop(sourceCollectionName(buildName(definition.name, record._id)));
    }
    const deleted: string[] = [];
    for (const name of names) {
      const [, live, holder] = BUILD_INDEX.exec(name) ?? [];
      if (live === undefined || !liveNames.has(live)) continue;
      // a switch of the scheme before builds had names may still be swapping its `__next` index in
      if (holder === undefined && now.underWay && now.build === null) continue;
      if (holder !== undefined && alive.has(buildOf(holder))) continue;
      await searchIndex.deleteIndex(name);
      // the copies are named after the owner's build
      await documentStore.drop(sourceCollectionName(holder === undefined ? name : buildName(live, buildOf(holder))));
      deleted.push(name);
    }
    if (removed.length > 0 || deleted.length > 0) logger.info({ builds: removed, indexes: deleted }, "removed what dead search rebuilds left behind");
  };

  let collecting: Promise<void> = Promise.resolve();
  return {
    /** one collection after the one under way; a failure is logged (the next switch or start tries again) */
    collect: (): Promise<void> => {
      collecting = collecting.then(collectOnce).catch((error: unknown) => logger.warn({ err: error }, "removing what dead search rebuilds left behind failed"));
      return collecting;
    },
    /** once no collection runs */
    idle: (): Promise<void> => collecting,
  };
};
