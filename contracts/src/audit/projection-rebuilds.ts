import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';

/**
 * Blue/green rebuilds of a read model from the auditor's console: a network administrator asks for one;
 * the projection service replays the read model from position 0 into a new version while the old one
 * serves, then switches, and records how it ended. Auditors watch; only administrators ask.
 */
export const projectionRebuildStream = (collection: string): string => `projectionrebuild-${collection}`;

/**
 * a read model's collection as the status page names it (`appointments_v3`); never a new version's
 * (`appointments_v3__next`), which only a rebuild writes
 */
export const READ_MODEL_COLLECTION_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * The projection service's projectors of read models: a read model is known when one of them keeps a
 * checkpoint `<projector>/<collection>` in `_checkpoints` (the command side asks there before it appends).
 */
export const READ_MODEL_PROJECTORS = ['projection-service', 'projection-service-audit'] as const;
export const READ_MODEL_CHECKPOINTS_COLLECTION = '_checkpoints';
export const readModelCollectionSchema = z.string().max(100, { message: 'too_long' }).regex(READ_MODEL_COLLECTION_PATTERN, { message: 'invalid_format' });

/** `POST /api/v1/audit/projections/{collection}/rebuilds`: nothing to say but the path */
export const requestProjectionRebuildRequestSchema = z.object({}).strict();
export type RequestProjectionRebuildRequest = z.input<typeof requestProjectionRebuildRequestSchema>;

export const PROJECTION_REBUILD_OUTCOMES = ['switched', 'failed', 'interrupted'] as const;
export type ProjectionRebuildOutcome = (typeof PROJECTION_REBUILD_OUTCOMES)[number];

export const ProjectionRebuildRequested = defineEvent(
  'ProjectionRebuildRequested',
  1,
  z.object({ rebuild_id: z.string(), collection: z.string(), requested_by: z.string() }),
);
/** the projection service's account of a rebuild: switched at `position`, or given up (the old version kept serving) */
export const ProjectionRebuildFinished = defineEvent(
  'ProjectionRebuildFinished',
  1,
  z.object({ rebuild_id: z.string(), collection: z.string(), outcome: z.enum(PROJECTION_REBUILD_OUTCOMES), position: z.number().int(), error: z.string().nullable() }),
);

/**
 * How far a running search rebuild has replayed the history (after each batch). The search indexer runs in
 * a process of its own, apart from the realtime channel: its progress reaches the auditors' consoles through
 * the log, as everything else the projection service shows does (the rebuilds read model folds it, its
 * publisher pushes it). A read model's rebuild runs inside the projection service and pushes in-process.
 */
export const ProjectionRebuildProgressed = defineEvent(
  'ProjectionRebuildProgressed',
  1,
  z.object({ rebuild_id: z.string(), collection: z.string(), position: z.number().int() }),
);

export const projectionRebuildEvents = [ProjectionRebuildRequested, ProjectionRebuildProgressed, ProjectionRebuildFinished] as const;
export type ProjectionRebuildEvent = EventOf<(typeof projectionRebuildEvents)[number]>;

export const REQUEST_PROJECTION_REBUILD = 'RequestProjectionRebuild';

/**
 * The search side's indexes are projections of the log too: a feature's indexes are rebuilt blue/green by
 * the search indexer (new indexes beside the live ones, then swapped in), asked for and recorded with the
 * same events under the target `searchindex_<feature>`. The features that keep indexes, as
 * search-indexer/src/features.ts lists them (a spec there checks the two agree).
 */
export const SEARCH_INDEX_FEATURES = ['network', 'members', 'appointments', 'groups', 'channels', 'activities', 'messages', 'files', 'items', 'pages', 'articles', 'tags'] as const;
export type SearchIndexFeature = (typeof SEARCH_INDEX_FEATURES)[number];
const SEARCH_INDEX_TARGET_PREFIX = 'searchindex_';
/** the rebuild target (a `collection` of the rebuild events and answers) of a search feature's indexes */
export const searchIndexRebuildTarget = (feature: SearchIndexFeature): string => `${SEARCH_INDEX_TARGET_PREFIX}${feature}`;
/** the search feature a rebuild target names, or null for a read model's collection */
export const searchFeatureOfRebuild = (collection: string): SearchIndexFeature | null => {
  if (!collection.startsWith(SEARCH_INDEX_TARGET_PREFIX)) return null;
  const feature = collection.slice(SEARCH_INDEX_TARGET_PREFIX.length);
  return (SEARCH_INDEX_FEATURES as readonly string[]).includes(feature) ? (feature as SearchIndexFeature) : null;
};
/**
 * The search rebuilds the search indexer runs now (`{ _id: rebuild id, collection }`), kept while one runs:
 * one left at its start was cut short and is recorded as interrupted. Its progress is in the log
 * (`ProjectionRebuildProgressed`).
 */
export const SEARCH_INDEX_REBUILD_PROGRESS_COLLECTION = '_search_index_rebuild_progress';

/** what the console's realtime socket hears of a rebuild's progress (the collection of its messages) */
export const PROJECTION_REBUILDS_COLLECTION = 'projection_rebuilds';

export const PROJECTION_REBUILD_STATES = ['rebuilding', ...PROJECTION_REBUILD_OUTCOMES] as const;
export type ProjectionRebuildState = (typeof PROJECTION_REBUILD_STATES)[number];

/** the `doc` of a `projection_rebuilds` push: the rebuild's state and how far it has replayed (or where it switched) */
export interface ProjectionRebuildChange {
  state: ProjectionRebuildState;
  position: number;
}

/** `GET /api/v1/audit/projections/rebuilds`: the rebuilds, newest first, a running one with its progress */
export interface ProjectionRebuildDto {
  id: string;
  collection: string;
  state: ProjectionRebuildState;
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
  /** how far the new version has replayed the history (while rebuilding), or where it switched */
  position: number;
  /** the history's head now */
  head: number;
  error: string | null;
}
export const projectionRebuildDtoSchema = z.object({
  id: z.string(),
  collection: z.string(),
  state: z.enum(PROJECTION_REBUILD_STATES),
  requested_by: z.string(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  position: z.number().int(),
  head: z.number().int(),
  error: z.string().nullable(),
}) satisfies z.ZodType<ProjectionRebuildDto>;

/**
 * Every switch of rebuilt search indexes, one document per switch (`{ _id: switch id, ...SearchIndexSwitchDto
 * less id }`), written by the search indexer replica that owns it (`search-indexer/src/core/index-switch.ts`):
 * `running` from the hold on, then how it ended. Kept, never pruned: one document per rebuild asked for.
 */
export const SEARCH_INDEX_SWITCH_HISTORY_COLLECTION = '_search_index_switch_history';
export const SEARCH_INDEX_SWITCH_OUTCOMES = ['running', 'switched', 'abandoned', 'failed'] as const;
export type SearchIndexSwitchOutcome = (typeof SEARCH_INDEX_SWITCH_OUTCOMES)[number];

/** `GET /api/v1/audit/projections/search-switches`: the switches of rebuilt search indexes, newest first */
export interface SearchIndexSwitchDto {
  id: string;
  feature: string;
  /** each live index and the index it was rebuilt in, swapped in for it */
  indexes: Array<{ live: string; rebuilt: string }>;
  /** the cut: the new indexes hold every event up to it (0 before the cut) */
  position: number;
  /** the switch's generation (fencing token): live batches read under an earlier one are refused */
  generation: number;
  /** the search indexer replica that rebuilt and switched */
  owner: string;
  started_at: string;
  finished_at: string | null;
  outcome: SearchIndexSwitchOutcome;
  /** events read from the history into the new indexes */
  events_replayed: number;
  duration_ms: number | null;
  error: string | null;
}
export const searchIndexSwitchDtoSchema = z.object({
  id: z.string(),
  feature: z.string(),
  indexes: z.array(z.object({ live: z.string(), rebuilt: z.string() })),
  position: z.number().int(),
  generation: z.number().int(),
  owner: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(SEARCH_INDEX_SWITCH_OUTCOMES),
  events_replayed: z.number().int(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
}) satisfies z.ZodType<SearchIndexSwitchDto>;
