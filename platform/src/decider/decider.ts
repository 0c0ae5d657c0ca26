import type { RecordedEvent } from '../event-store/event-store';

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

/** A refusal of the domain: maps to an HTTP 4xx with the error key and, when known, the field. */
export class DomainError extends Error {
  constructor(
    readonly key: string,
    readonly status: 400 | 403 | 404 | 409 | 422 = 422,
    readonly field?: string,
  ) {
    super(field ? `${key} (${field})` : key);
    this.name = 'DomainError';
  }
}

export type StreamEvent = Pick<RecordedEvent, 'type' | 'data'>;
