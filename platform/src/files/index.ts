// @cn/platform/files: files and folders private to the service account.
export * from './private-files';
