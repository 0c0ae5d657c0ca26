// The event store port lives in the domain core (handleCommand appends through it); the adapters import it from here.
export {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
} from '@cn/domain';
