// @cn/platform/key-store: the key store port and its SQLite and MongoDB adapters.
export * from './key-store';
export * from './sqlite-key-store';
export * from './mongodb-key-store';
