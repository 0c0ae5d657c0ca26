import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSqliteKeyStore } from '@cn/platform/key-store';
import { createTempDir, describePrivateBlobContract } from '@cn/platform/testing';
import { createDiskFileStorage } from './disk-file-storage';

describePrivateBlobContract('disk + sqlite keys', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-private-blobs');
    const storage = createDiskFileStorage({ dir: join(temp.dir, 'files') });
    const keys = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    return Promise.resolve({
      storage,
      keys,
      cleanup: async () => {
        await storage.close();
        await keys.close();
        temp.remove();
      },
      corrupt: (key: string, bytes: Buffer) => {
        writeFileSync(join(temp.dir, 'files', 'blobs', key.slice(0, 2), key), bytes);
        return Promise.resolve();
      },
    });
  },
});
