// @cn/platform/event-bus: the event bus port and its in-process and Kafka adapters.
export * from './event-bus';
export * from './in-process-event-bus';
export * from './kafka-event-bus';
export * from './kafka-relay';
