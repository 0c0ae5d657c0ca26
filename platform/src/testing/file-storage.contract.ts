import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { BlobCorruptedError, BlobNotFoundError, type FileStorage, FileTooLargeError, sweepOrphanedBlobs } from '@cn/platform/file-storage';
import type { ContractTarget, Subject } from './contract-target';
import { describeContract } from './contract-target';

/** `corrupt` overwrites a stored blob's bytes behind the adapter's back */
export type FileStorageContractTarget = ContractTarget<Subject<FileStorage> & { corrupt: (key: string, bytes: Buffer) => Promise<void> }>;

const chunksOf = function* (bytes: Buffer, size = 64 * 1024): Iterable<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export const describeFileStorageContract = (adapterName: string, target: FileStorageContractTarget): void =>
  describeContract(`${adapterName} file storage`, target, (create) => {
    let storage: FileStorage;
    let cleanup: () => Promise<void>;
    let corrupt: (key: string, bytes: Buffer) => Promise<void>;
    beforeEach(async () => {
      ({ subject: storage, cleanup, corrupt } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('stores streamed bytes under their SHA-256 and reads them back whole', async () => {
      const bytes = randomBytes(300 * 1024 + 17);
      const stored = await storage.put(chunksOf(bytes));
      expect(stored).toMatchObject({ key: sha256(bytes), size: bytes.length });
      expect(stored.head.equals(bytes.subarray(0, 4096))).toBe(true);
      expect((await readAll(await storage.read(stored.key))).equals(bytes)).toBe(true);
      expect(await storage.stat(stored.key)).toMatchObject({ key: stored.key, size: bytes.length });
    });

    it('stores an empty file', async () => {
      const stored = await storage.put(chunksOf(Buffer.alloc(0)));
      expect(stored.size).toBe(0);
      expect((await readAll(await storage.read(stored.key))).length).toBe(0);
    });

    it('keeps the same bytes once under one key', async () => {
      const bytes = randomBytes(1000);
      const [a, b] = [await storage.put(chunksOf(bytes)), await storage.put(chunksOf(bytes, 7))];
      expect(a.key).toBe(b.key);
      const listed: string[] = [];
      for await (const blob of storage.list()) listed.push(blob.key);
      expect(listed.filter((key) => key === a.key)).toHaveLength(1);
    });

    it('answers byte ranges (inclusive, clamped to the size)', async () => {
      const bytes = randomBytes(10_000);
      const { key } = await storage.put(chunksOf(bytes));
      expect((await readAll(await storage.read(key, { start: 100, end: 199 }))).equals(bytes.subarray(100, 200))).toBe(true);
      expect((await readAll(await storage.read(key, { start: 9_990, end: 9_999 }))).equals(bytes.subarray(9_990))).toBe(true);
    });

    it('refuses more than maxBytes and keeps nothing of it', async () => {
      const bytes = randomBytes(200 * 1024);
      await expect(storage.put(chunksOf(bytes), { maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await storage.stat(sha256(bytes))).toBeNull();
      const listed: string[] = [];
      for await (const blob of storage.list()) listed.push(blob.key);
      expect(listed).toEqual([]);
    });

    it('answers not found for an unknown key and for a key that is a path', async () => {
      await expect(storage.read('0'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(storage.read('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await storage.stat('../x')).toBeNull();
    });

    it('deletes a blob; deleting it again is no error', async () => {
      const { key } = await storage.put(chunksOf(randomBytes(100)));
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('sweeps blobs no event references once they are older than the grace period', async () => {
      const kept = await storage.put(chunksOf(randomBytes(100)));
      const orphan = await storage.put(chunksOf(randomBytes(100)));
      const fresh = await sweepOrphanedBlobs(storage, (key) => Promise.resolve(key === kept.key), { now: new Date(), graceMs: 3_600_000 });
      expect(fresh).toEqual([]);
      const removed = await sweepOrphanedBlobs(storage, (key) => Promise.resolve(key === kept.key), { now: new Date(Date.now() + 7_200_000), graceMs: 3_600_000 });
      expect(removed).toEqual([orphan.key]);
      expect(await storage.stat(kept.key)).not.toBeNull();
      expect(await storage.stat(orphan.key)).toBeNull();
    });

    it('fails a full read whose bytes no longer hash to the key', async () => {
      if (!corrupt) throw new Error('the target must say how to corrupt a blob');
      const bytes = randomBytes(5000);
      const { key } = await storage.put(chunksOf(bytes));
      await corrupt(key, randomBytes(5000));
      await expect(readAll(await storage.read(key))).rejects.toBeInstanceOf(BlobCorruptedError);
    });
  });
