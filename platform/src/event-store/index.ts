// @cn/platform/event-store: the event store port and its SQLite and EventStoreDB adapters.
export * from './event-store';
export * from './sqlite-event-store';
export * from './esdb-event-store';
export * from './upcasting-event-store';
export * from './reading-events';
export * from './chain-sealer';
