// @cn/platform/document-store: the document store port and its SQLite and MongoDB adapters.
export * from './document-store';
export * from './sqlite-document-store';
export * from './mongodb-document-store';
