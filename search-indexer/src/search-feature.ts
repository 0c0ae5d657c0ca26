import type { RecordedEvent } from '@cn/domain';

/** One feature's search projection: the events it follows and how it applies them to its index. */
export interface SearchFeature {
  eventTypes: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
}

/** the one document of a collection with this id, fetched by id through the port (O(1), not a search) */
export const findById = <T extends { id: string }>(collection: { get(id: string): Promise<T | null> }, id: string): Promise<T | null> => collection.get(id);
