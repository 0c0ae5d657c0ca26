// @cn/platform/http: the HTTP kit (Nest and Express glue, sessions, problems, endpoints, observability).
export * from './session';
export * from './session-revocation';
export * from './request-context';
export * from './request-scope';
export * from './problems';
export * from './problem-filter';
export * from './consistency';
export * from './command-response';
export * from './simple-rest';
export * from './openapi';
export * from './endpoints';
export * from './observability';
export * from './kit';
export * from './security';
export * from './infrastructure-token';
export * from './signed-token';
export * from './file-token';
