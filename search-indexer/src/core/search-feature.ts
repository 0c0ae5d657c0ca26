import type { Type } from '@nestjs/common';
import type { RecordedEvent } from '@cn/domain';
import type { IndexSettings, PersonalDataCipher, SearchCollection, SearchDocument } from '@cn/platform';

/** A search index a feature keeps: its name and settings (created with them when missing). */
export interface SearchIndexDefinition<T extends SearchDocument> {
  name: string;
  settings: IndexSettings;
  /** the type of its documents; never set, it only carries T */
  readonly documents?: T;
}

export const searchIndexDefinition = <T extends SearchDocument>(name: string, settings: IndexSettings): SearchIndexDefinition<T> => ({ name, settings });

/** opens a feature's index: the same collection for a name within a batch (buffered while a batch runs) */
export type OpenIndex = <T extends SearchDocument>(definition: SearchIndexDefinition<T>) => Promise<SearchCollection<T>>;

/** How a feature applies the events it follows to its indexes. */
export interface Indexing {
  eventTypes: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
  /**
   * A key for events whose whole effect on the indexes a later event of the same key replaces, and that no
   * other event reads in between (a member's presence: the last one sets every field the earlier ones set);
   * null for the others. Of a batch (written to the indexes once, at its end) only the last event of each
   * key is handled: a catch-up over a grown log reveals and writes each member's presence once per batch.
   */
  supersededKey?(event: RecordedEvent): string | null;
  /**
   * After a live batch was committed (copies and index): looks again at what the batch derived from state
   * another replica may have changed meanwhile, writing on `open` (a new batch, committed the same way)
   */
  settle?(open: OpenIndex): Promise<void>;
}

/**
 * A feature of the search side: its Nest module (read controllers) and its indexing, built for every batch
 * of events on the indexes `open` gives. Listed once, in features.ts.
 */
export interface SearchFeature {
  name: string;
  module?: Type;
  indexing(open: OpenIndex, ports: { cipher: PersonalDataCipher }): Promise<Indexing>;
}

/**
 * The positions of a batch's events an indexing need not handle: a later event of the batch with the same
 * `supersededKey` replaces what they would have written.
 */
export const supersededIn = (indexing: Indexing, events: readonly RecordedEvent[]): ReadonlySet<number> => {
  const superseded = new Set<number>();
  if (!indexing.supersededKey) return superseded;
  const later = new Set<string>();
  for (let at = events.length - 1; at >= 0; at -= 1) {
    const event = events[at];
    if (!indexing.eventTypes.includes(event.type)) continue;
    const key = indexing.supersededKey(event);
    if (key === null) continue;
    if (later.has(key)) superseded.add(event.position);
    else later.add(key);
  }
  return superseded;
};

/** the one document of a collection with this id, fetched by id through the port (O(1), not a search) */
export const findById = <T extends { id: string }>(collection: { get(id: string): Promise<T | null> }, id: string): Promise<T | null> => collection.get(id);
