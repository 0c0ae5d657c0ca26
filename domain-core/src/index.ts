// The domain core: what deciders, projections and command handlers build on. No framework, no driver:
// lint keeps deciders and projections on this library and the contracts.
export * from './event-store';
export * from './decider';
export * from './command-handling';
export * from './lru-cache';
export * from './field-errors';
export * from './projection';
