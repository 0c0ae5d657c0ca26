// @cn/platform/infrastructure: the composition of all adapters from the configuration, and running a Nest service on it.
export * from './infrastructure';
export * from './run-service';
export * from './ports';
export * from './web-push-config';
