import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import {
  BlobUnreadableError,
  createPrivateBlobStorage,
  EnvelopeDamagedError,
  type FileStorage,
  FileTooLargeError,
  PRIVATE_BLOB_CHUNK_BYTES,
  PRIVATE_BLOB_HEADER_BYTES,
  type PrivateBlobStorage,
} from '@cn/platform/file-storage';
import type { KeyStore } from '@cn/platform/key-store';
import type { ContractTarget } from './contract-target';
import { describeContract } from './contract-target';

/**
 * The private blob envelope over a file storage adapter and a key store adapter: every adapter pair
 * keeps the same envelope. `corrupt` overwrites a stored blob's bytes behind the adapter's back.
 */
export type PrivateBlobContractTarget = ContractTarget<{
  storage: FileStorage;
  keys: KeyStore;
  corrupt: (key: string, bytes: Buffer) => Promise<void>;
  cleanup: () => Promise<void>;
}>;

const chunksOf = function* (bytes: Buffer, size = 50_000): Iterable<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export const describePrivateBlobContract = (adapterName: string, target: PrivateBlobContractTarget): void =>
  describeContract(`${adapterName} private blobs`, target, (create) => {
    let storage: FileStorage;
    let keys: KeyStore;
    let blobs: PrivateBlobStorage;
    let cleanup: () => Promise<void>;
    let corrupt: (key: string, bytes: Buffer) => Promise<void>;
    const owner = randomUUID();
    beforeEach(async () => {
      ({ storage, keys, cleanup, corrupt } = await create());
      blobs = createPrivateBlobStorage(storage, keys);
    });
    afterEach(async () => {
      await cleanup();
    });

    it('stores the bytes sealed (no plain byte, no plain hash in the store) and reads them back whole for the owner', async () => {
      const bytes = randomBytes(3 * PRIVATE_BLOB_CHUNK_BYTES + 17);
      const stored = await blobs.put(owner, chunksOf(bytes));
      expect(stored.size).toBe(bytes.length);
      expect(stored.head.equals(bytes.subarray(0, 4096))).toBe(true);
      expect(stored.key).not.toBe(sha256(bytes));
      expect(await storage.stat(sha256(bytes))).toBeNull();
      const raw = await readAll(await storage.read(stored.key));
      expect(raw.length).toBe(PRIVATE_BLOB_HEADER_BYTES + bytes.length + 4 * 16);
      expect(raw.indexOf(bytes.subarray(1000, 1032))).toBe(-1);
      expect(raw.indexOf(bytes.subarray(PRIVATE_BLOB_CHUNK_BYTES * 3, PRIVATE_BLOB_CHUNK_BYTES * 3 + 17))).toBe(-1);
      expect((await readAll(await blobs.read(owner, stored.key))).equals(bytes)).toBe(true);
      expect(await blobs.plainSize(stored.key)).toBe(bytes.length);
    });

    it('stores an empty file and a file of exactly one chunk', async () => {
      const empty = await blobs.put(owner, []);
      expect(empty.size).toBe(0);
      expect((await readAll(await blobs.read(owner, empty.key))).length).toBe(0);
      const exact = randomBytes(PRIVATE_BLOB_CHUNK_BYTES);
      const one = await blobs.put(owner, chunksOf(exact, 1000));
      expect((await readAll(await blobs.read(owner, one.key))).equals(exact)).toBe(true);
      expect(await blobs.plainSize(one.key)).toBe(exact.length);
    });

    it('answers byte ranges inside a chunk, across chunk boundaries and at the end (inclusive, clamped)', async () => {
      const bytes = randomBytes(2 * PRIVATE_BLOB_CHUNK_BYTES + 5000);
      const { key } = await blobs.put(owner, chunksOf(bytes));
      const C = PRIVATE_BLOB_CHUNK_BYTES;
      for (const [start, end] of [
        [0, 0],
        [100, 199],
        [C - 10, C + 9],
        [C, 2 * C - 1],
        [5, 2 * C + 10],
        [2 * C + 4990, 2 * C + 4999],
        [2 * C + 4000, 10 * C],
      ] as const) {
        const part = await readAll(await blobs.read(owner, key, { start, end }));
        expect(part.equals(bytes.subarray(start, Math.min(end, bytes.length - 1) + 1))).toBe(true);
      }
    });

    it('never deduplicates: the same bytes for two members, or twice for one, are separate blobs that open only for their owner', async () => {
      const bytes = randomBytes(4000);
      const other = randomUUID();
      const [a, again, b] = [await blobs.put(owner, [bytes]), await blobs.put(owner, [bytes]), await blobs.put(other, [bytes])];
      expect(new Set([a.key, again.key, b.key]).size).toBe(3);
      expect((await readAll(await blobs.read(other, b.key))).equals(bytes)).toBe(true);
      await expect(blobs.read(other, a.key)).rejects.toBeInstanceOf(EnvelopeDamagedError);
    });

    it('leaves the bytes unreadable once the owner key is destroyed (member erased), whole and in ranges', async () => {
      const erased = randomUUID();
      const bytes = randomBytes(10_000);
      const { key } = await blobs.put(erased, [bytes]);
      expect((await readAll(await blobs.read(erased, key))).equals(bytes)).toBe(true);
      await keys.destroy(erased);
      await expect(blobs.read(erased, key)).rejects.toBeInstanceOf(BlobUnreadableError);
      await expect(blobs.read(erased, key, { start: 0, end: 99 })).rejects.toBeInstanceOf(BlobUnreadableError);
      // a new key for the same id (getOrCreate after erasure) does not open the old envelope
      await keys.getOrCreate(erased);
      await expect(blobs.read(erased, key)).rejects.toBeInstanceOf(EnvelopeDamagedError);
    });

    it('fails on a changed, reordered or cut-off envelope', async () => {
      const bytes = randomBytes(2 * PRIVATE_BLOB_CHUNK_BYTES + 100);
      const { key } = await blobs.put(owner, [bytes]);
      const raw = await readAll(await storage.read(key));
      const flipped = Buffer.from(raw);
      flipped[PRIVATE_BLOB_HEADER_BYTES + PRIVATE_BLOB_CHUNK_BYTES + 40] ^= 1;
      await corrupt(key, flipped);
      await expect(readAll(await blobs.read(owner, key, { start: PRIVATE_BLOB_CHUNK_BYTES + 10, end: PRIVATE_BLOB_CHUNK_BYTES + 20 }))).rejects.toBeInstanceOf(
        EnvelopeDamagedError,
      );
      // the first chunk is untouched and still opens on its own
      expect((await readAll(await blobs.read(owner, key, { start: 0, end: 9 }))).equals(bytes.subarray(0, 10))).toBe(true);
      await expect(readAll(await blobs.read(owner, key))).rejects.toThrow();
      // dropping the final chunk leaves an envelope whose new last chunk was not sealed as final
      const sealed = PRIVATE_BLOB_CHUNK_BYTES + 16;
      await corrupt(key, raw.subarray(0, PRIVATE_BLOB_HEADER_BYTES + 2 * sealed));
      await expect(readAll(await blobs.read(owner, key, { start: 0, end: 9 }))).resolves.toHaveLength(10);
      await expect(readAll(await blobs.read(owner, key, { start: PRIVATE_BLOB_CHUNK_BYTES, end: PRIVATE_BLOB_CHUNK_BYTES + 10 }))).rejects.toBeInstanceOf(EnvelopeDamagedError);
    });

    it('refuses more than maxBytes and keeps nothing of it', async () => {
      await expect(blobs.put(owner, chunksOf(randomBytes(200 * 1024)), { maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
      const listed: string[] = [];
      for await (const blob of storage.list()) listed.push(blob.key);
      expect(listed).toEqual([]);
    });
  });
