import type { ErrorKey } from '@cn/contracts';
import type { RecordedEvent } from './event-store';

/**
 * Behaviour as plain functions (Emmett's decider). `decide` throws a DomainError to refuse a command.
 * Events given to evolve are `{ type, data }` (metadata is available on recorded events when needed).
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/**
 * What kind of refusal a DomainError is. The domain knows no HTTP: the HTTP kit answers `invalid` with 400
 * validation_failed, `forbidden` 403, `not_found` 404, `conflict` 409 and `refused` 422.
 */
export type RefusalKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'refused';

/** A refusal of the domain: its error key from the contracts' catalogs, its kind and, when known, the field. */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly kind: RefusalKind = 'refused',
    readonly field?: string,
  ) {
    super(field ? `${key} (${field})` : key);
    this.name = 'DomainError';
  }
}

export type StreamEvent = Pick<RecordedEvent, 'type' | 'data'>;
