import { expect } from '@jest/globals';
import { DomainError, type Decider, type DomainEvent } from '@cn/domain';

/**
 * Given events, when a command, then events or a refusal (Emmett's DeciderSpecification), for every
 * decider's unit spec:
 *
 *   const spec = deciderSpecification(calendarDecider);
 *   spec.given([created]).when(deleteIt).then([deleted]);
 *   spec.given([deleted]).when(deleteIt).thenRefused('not_found');
 *
 * `state(events)` folds the events; `decide(events, command)` answers the decided events for a spec that
 * asserts on them itself.
 */
export interface DeciderSpecification<State, Command, Event extends DomainEvent> {
  given(events: readonly Event[]): {
    when(command: Command): {
      then(expected: readonly Event[]): void;
      /** the refusal's key (and field, when given); answers the error for further checks */
      thenRefused(key: string, field?: string): DomainError;
    };
  };
  state(events: readonly Event[]): State;
  decide(events: readonly Event[], command: Command): Event[];
}

/** The DomainError `run` throws; fails the test when it throws nothing, rethrows anything else. */
export const refusalOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal, but the command was decided');
};

export const deciderSpecification = <State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
): DeciderSpecification<State, Command, Event> => {
  const state = (events: readonly Event[]): State => events.reduce(decider.evolve, decider.initialState());
  const decide = (events: readonly Event[], command: Command): Event[] => decider.decide(command, state(events));
  return {
    state,
    decide,
    given: (events) => ({
      when: (command) => ({
        then: (expected) => expect(decide(events, command)).toEqual(expected),
        thenRefused: (key, field) => {
          const error = refusalOf(() => decide(events, command));
          expect(error.key).toBe(key);
          if (field !== undefined) expect(error.field).toBe(field);
          return error;
        },
      }),
    }),
  };
};
