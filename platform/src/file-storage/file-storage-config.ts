import { join } from 'node:path';
import { createDiskFileStorage } from './disk-file-storage';
import type { FileStorage } from './file-storage';
import { createS3FileStorage } from './s3-file-storage';

const optional = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/**
 * S3 when S3_URL or S3_BUCKET is set (S3_BUCKET default cn-files, S3_REGION default us-east-1,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), else the embedded storage in DATA_DIR/files.
 */
export const createFileStorageFromEnv = (env: NodeJS.ProcessEnv, dataDir: string): { storage: FileStorage; kind: 's3' | 'disk' } => {
  const endpoint = optional(env['S3_URL']);
  const bucket = optional(env['S3_BUCKET']);
  if (endpoint || bucket) {
    const accessKeyId = optional(env['S3_ACCESS_KEY_ID']);
    const secretAccessKey = optional(env['S3_SECRET_ACCESS_KEY']);
    if (!accessKeyId || !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_URL or S3_BUCKET');
    return {
      kind: 's3',
      storage: createS3FileStorage({ endpoint, region: optional(env['S3_REGION']) ?? 'us-east-1', bucket: bucket ?? 'cn-files', accessKeyId, secretAccessKey }),
    };
  }
  return { kind: 'disk', storage: createDiskFileStorage({ dir: join(dataDir, 'files') }) };
};
