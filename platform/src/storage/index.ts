// @cn/platform/storage: storage faults: recognising them, retrying them, the health they report.
export * from './storage-faults';
