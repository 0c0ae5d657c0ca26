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
  /**
   * Keep the folded state of long streams (a member's presence changes over years) as a snapshot, so the
   * first command after a restart reads only the events since. Only for a state that is plain JSON and
   * holds no credential (snapshots live beside the read models). Raise `version` whenever the state's
   * shape or `evolve` changes: older snapshots are then ignored.
   */
  snapshot?: { name: string; version: number; everyEvents?: number };
}

/** A decider's folded state at a revision of its stream. */
export interface StateSnapshot<State = unknown> {
  revision: number;
  state: State;
}

/** Where snapshots of folded states are kept (the platform's adapter: a document store collection). */
export interface StateSnapshots {
  load(key: string): Promise<StateSnapshot | null>;
  save(key: string, snapshot: StateSnapshot): Promise<void>;
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
