export * from './contract-target';
export * from './event-store.contract';
export * from './document-store.contract';
export * from './document-filter-reference';
export * from './search-index.contract';
export * from './key-store.contract';
export * from './event-bus.contract';
export * from './temp-dir';
