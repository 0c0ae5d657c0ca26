import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { join } from 'node:path';
import { createSqliteKeyStore } from '@cn/platform/key-store';
import { createTempDir, describeFileStorageContract, describePrivateBlobContract, type FileStorageContractTarget, type PrivateBlobContractTarget } from '@cn/platform/testing';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createS3FileStorage } from './s3-file-storage';

/**
 * Runs the file storage contract against the S3-compatible server named by S3_URL (scripts/s3/start.sh
 * starts one: versitygw on its POSIX backend), one fresh bucket per test.
 */
const url = process.env['S3_URL'];
const target: FileStorageContractTarget = url
  ? {
      available: true,
      create: () => {
        const bucket = `cn-e2e-${randomUUID().slice(0, 8)}`;
        const credentials = { accessKeyId: process.env['S3_ACCESS_KEY_ID'] ?? 'cn-test-access', secretAccessKey: process.env['S3_SECRET_ACCESS_KEY'] ?? 'cn-test-secret-key' };
        const region = process.env['S3_REGION'] ?? 'us-east-1';
        const subject = createS3FileStorage({ endpoint: url, region, bucket, ...credentials });
        const raw = new S3Client({ endpoint: url, region, forcePathStyle: true, credentials });
        return Promise.resolve({
          subject,
          cleanup: async () => {
            raw.destroy();
            await subject.close();
          },
          corrupt: async (key: string, bytes: Buffer) => {
            await raw.send(new PutObjectCommand({ Bucket: bucket, Key: `blobs/${key}`, Body: bytes }));
          },
        });
      },
    }
  : { available: false, reason: 'S3_URL not set (scripts/s3/start.sh starts a server)' };

jest.setTimeout(60_000);
describeFileStorageContract('S3', target);

/** the same envelope for members' private bytes, sealed into the bucket */
const privateTarget: PrivateBlobContractTarget = target.available
  ? {
      available: true,
      create: async () => {
        const { subject: storage, cleanup, corrupt } = await target.create();
        const temp = createTempDir('cn-s3-keys');
        const keys = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
        return {
          storage,
          keys,
          corrupt,
          cleanup: async () => {
            await keys.close();
            temp.remove();
            await cleanup();
          },
        };
      },
    }
  : target;
describePrivateBlobContract('S3', privateTarget);
