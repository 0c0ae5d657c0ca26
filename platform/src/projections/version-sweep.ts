import { collectionName, type Projection } from './projection';
import type { DocumentStore } from '@cn/platform/document-store';

/**
 * A read model whose `version` was raised is built anew in `<name>_v<version>`; the collections of its
 * earlier versions (and a blue/green `__next` left by one) are then abandoned, and for a read model as large
 * as the log (the audit) they hold as much as the log itself. The sweep removes them, with their
 * checkpoints, but only once nothing writes them any more: during a rolling deploy an older replica still
 * runs the old version and serves reads from it. Its checkpoints move whenever it applies an event, so an
 * old version is dropped only when its checkpoints have stayed still for a whole quiet period.
 */

/** how long an old version's checkpoints must stay still before it is dropped (default of the runner) */
export const DEFAULT_SWEEP_QUIET_MS = 10 * 60_000;

export interface AbandonedVersion {
  /** the old version's collection (`<name>_v<k>`) */
  collection: string;
  /** its single checkpoint (`<projector>/<collection>`) */
  checkpointId: string;
}

/** the collections earlier versions of these read models were kept in */
export const abandonedVersionsOf = (projector: string, projections: ReadonlyArray<Pick<Projection, 'name' | 'version'>>): AbandonedVersion[] =>
  projections.flatMap((projection) =>
    Array.from({ length: Math.max(0, projection.version - 1) }, (_, index) => {
      const collection = collectionName({ name: projection.name, version: index + 1 });
      return { collection, checkpointId: `${projector}/${collection}` };
    }),
  );

export interface VersionSweepOptions {
  projector: string;
  projections: ReadonlyArray<Pick<Projection, 'name' | 'version'>>;
  documentStore: DocumentStore;
  checkpointsCollection: string;
  /** the projector's per-partition checkpoint ids (a partitioned bus), whose `positions` name each collection */
  partitionCheckpointIds: readonly string[];
}

/** what shows that an old version is still written: its checkpoints' positions, as one string */
export type VersionMarks = Map<string, string>;

const positionsIn = (doc: Record<string, unknown> | null, collection: string): unknown => {
  const positions = doc?.['positions'];
  return typeof positions === 'object' && positions !== null ? (positions as Record<string, unknown>)[collection] : undefined;
};

/**
 * The old versions still present (documents or a checkpoint), each with its checkpoints' current marks.
 * Reading is cheap: one `find` with limit 1 per old collection and one read of the checkpoints.
 */
export const readAbandoned = async (options: VersionSweepOptions): Promise<VersionMarks> => {
  const candidates = abandonedVersionsOf(options.projector, options.projections);
  if (candidates.length === 0) return new Map();
  const checkpoints = options.documentStore.collection(options.checkpointsCollection);
  const stored = await checkpoints.getMany([...candidates.map((candidate) => candidate.checkpointId), ...options.partitionCheckpointIds]);
  const byId = new Map(stored.map((doc) => [doc._id, doc as Record<string, unknown>]));
  const marks: VersionMarks = new Map();
  for (const candidate of candidates) {
    const single = byId.get(candidate.checkpointId) ?? null;
    const partitions = options.partitionCheckpointIds.map((id) => positionsIn(byId.get(id) ?? null, candidate.collection));
    const present =
      single !== null ||
      partitions.some((position) => position !== undefined) ||
      (await options.documentStore.collection(candidate.collection).find({}, { limit: 1 })).length > 0 ||
      (await options.documentStore.collection(`${candidate.collection}__next`).find({}, { limit: 1 })).length > 0;
    if (present) marks.set(candidate.collection, JSON.stringify([single?.['position'] ?? null, ...partitions]));
  }
  return marks;
};

/**
 * Drops the old versions whose marks are the same as `before` (read a quiet period earlier): their
 * collections, a `__next` beside them and their single checkpoints. Answers what it dropped, and the ones
 * still written with their marks as read now (to be compared again after another quiet period).
 */
export const dropQuiet = async (options: VersionSweepOptions, before: VersionMarks): Promise<{ dropped: string[]; stillWritten: VersionMarks }> => {
  const now = await readAbandoned(options);
  const dropped: string[] = [];
  const stillWritten: VersionMarks = new Map();
  for (const [collection, mark] of now) {
    if (before.get(collection) !== mark) {
      stillWritten.set(collection, mark);
      continue;
    }
    await options.documentStore.drop(collection);
    await options.documentStore.drop(`${collection}__next`);
    await options.documentStore.collection(options.checkpointsCollection).delete(`${options.projector}/${collection}`);
    await options.documentStore.collection(options.checkpointsCollection).delete(`${options.projector}/${collection}__next`);
    dropped.push(collection);
  }
  return { dropped, stillWritten };
};
