// @cn/platform/file-storage: uploaded bytes, content-addressed: on disk under DATA_DIR/files, or in an S3 bucket.
export * from './file-storage';
export * from './disk-file-storage';
export * from './s3-file-storage';
export * from './sweep';
export * from './file-storage-config';
export * from './zip-archive';
export * from './private-blobs';
