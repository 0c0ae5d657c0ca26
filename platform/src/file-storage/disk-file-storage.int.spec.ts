import { writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTempDir, describeFileStorageContract } from '@cn/platform/testing';
import { createDiskFileStorage } from './disk-file-storage';

describeFileStorageContract('disk', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-files');
    const subject = createDiskFileStorage({ dir: temp.dir });
    return Promise.resolve({
      subject,
      cleanup: async () => {
        await subject.close();
        temp.remove();
      },
      corrupt: (key: string, bytes: Buffer) => {
        writeFileSync(join(temp.dir, 'blobs', key.slice(0, 2), key), bytes);
        return Promise.resolve();
      },
    });
  },
});

describe('disk file storage on disk', () => {
  it('keeps blobs across a reopen, private to the service account, and clears temporary files of a crash', async () => {
    const temp = createTempDir('cn-files');
    const first = createDiskFileStorage({ dir: temp.dir });
    const bytes = randomBytes(2048);
    const { key } = await first.put([bytes]);
    writeFileSync(join(temp.dir, 'tmp', 'left-by-a-crash'), 'partial');
    await first.close();
    const reopened = createDiskFileStorage({ dir: temp.dir });
    const parts: Buffer[] = [];
    for await (const part of await reopened.read(key)) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect(statSync(join(temp.dir, 'blobs', key.slice(0, 2), key)).mode & 0o077).toBe(0);
    await reopened.put([Buffer.from('x')]);
    expect(readdirSync(join(temp.dir, 'tmp'))).toEqual([]);
    temp.remove();
  });
});
