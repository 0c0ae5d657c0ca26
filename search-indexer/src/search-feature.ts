import type { RecordedEvent } from '@cn/domain';

/** One feature's search projection: the events it follows and how it applies them to its index. */
export interface SearchFeature {
  eventTypes: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
}

/** the one document of a collection with this id (ids are filterable in every index of this service) */
export const findById = async <T extends { id: string }>(
  collection: { search(query: { q: string; filter: Record<string, string>; limit: number }): Promise<{ hits: T[] }> },
  id: string,
): Promise<T | null> => (await collection.search({ q: '', filter: { id }, limit: 1 })).hits[0] ?? null;
