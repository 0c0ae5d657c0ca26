// @cn/platform/snapshots: deciders' state snapshots kept in the document store.
export * from './document-snapshots';
