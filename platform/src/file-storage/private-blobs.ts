import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { KeyStore } from '@cn/platform/key-store';
import { BlobNotFoundError, type ByteRange, type FileStorage, type StoredBlob } from './file-storage';
import { Measure } from './hashing';

/**
 * A member's private bytes (an upload nobody else sees yet, a message attachment), kept in any
 * `FileStorage` in an envelope only the member's key opens, so that erasing the member (which destroys
 * their key in the key store) leaves bytes nobody can read, in the embedded store and in S3 alike.
 *
 * The envelope: a header with a random data key wrapped (AES-256-GCM) by the member's key, then the bytes
 * in chunks of CHUNK_BYTES, each sealed with AES-256-GCM under the data key with a nonce of a random
 * prefix and the chunk's index, the last chunk marked final in its associated data (STREAM construction:
 * chunks cannot be reordered, dropped or cut off unnoticed). Chunks make range requests cheap: a range
 * reads and opens only the chunks it touches.
 *
 * The stored blob's key is the SHA-256 of the envelope, not of the bytes: every upload draws a new data
 * key, so the same bytes uploaded by two members (or twice by one) are two blobs. Nothing deduplicates
 * across members, and a blob key says nothing about the content.
 */
export interface PrivateBlobStorage {
  /** streams the source into an envelope for the owner; `size` and `head` are the plain bytes' */
  put(ownerId: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options?: { maxBytes?: number }): Promise<StoredBlob>;
  /** the plain bytes (`range`: inclusive plain offsets, clamped); `BlobUnreadableError` once the owner's key is gone */
  read(ownerId: string, key: string, range?: ByteRange): Promise<Readable>;
  /** the plain size, or null when the blob is absent */
  plainSize(key: string): Promise<number | null>;
}

/** the owner's key was destroyed (the member was erased): the bytes exist and can never be read again */
export class BlobUnreadableError extends BlobNotFoundError {
  constructor(key: string) {
    super(key);
    this.message = `blob ${key} can no longer be decrypted`;
    this.name = 'BlobUnreadableError';
  }
}

/** the envelope does not open: tampered with, cut off, or not an envelope */
export class EnvelopeDamagedError extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} is no intact envelope`);
    this.name = 'EnvelopeDamagedError';
  }
}

const MAGIC = Buffer.from('CNP1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX_BYTES = 8;
export const PRIVATE_BLOB_CHUNK_BYTES = 64 * 1024;
/** magic, wrap nonce, wrapped data key, wrap tag, nonce prefix, chunk size */
export const PRIVATE_BLOB_HEADER_BYTES = MAGIC.length + IV_BYTES + KEY_BYTES + TAG_BYTES + PREFIX_BYTES + 4;

const FINAL = Buffer.from([1]);
const NOT_FINAL = Buffer.from([0]);

const nonceOf = (prefix: Buffer, index: number): Buffer => {
  const nonce = Buffer.alloc(IV_BYTES);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
};

const sealChunk = (dataKey: Buffer, prefix: Buffer, index: number, plain: Buffer, final: boolean): Buffer => {
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonceOf(prefix, index));
  cipher.setAAD(final ? FINAL : NOT_FINAL);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
};

interface Header {
  dataKey: Buffer;
  prefix: Buffer;
  chunkBytes: number;
}

/** the owner id is bound into the wrapped key: an envelope does not open as someone else's */
const wrapAad = (ownerId: string): Buffer => Buffer.concat([MAGIC, Buffer.from(ownerId, 'utf8')]);

const writeHeader = (memberKey: Buffer, ownerId: string, header: Header): Buffer => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', memberKey, iv);
  cipher.setAAD(wrapAad(ownerId));
  const wrapped = Buffer.concat([cipher.update(header.dataKey), cipher.final()]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(header.chunkBytes, 0);
  return Buffer.concat([MAGIC, iv, wrapped, cipher.getAuthTag(), header.prefix, size]);
};

const readHeader = (memberKey: Buffer, ownerId: string, key: string, bytes: Buffer): Header => {
  if (bytes.length !== PRIVATE_BLOB_HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new EnvelopeDamagedError(key);
  let offset = MAGIC.length;
  const take = (length: number): Buffer => bytes.subarray(offset, (offset += length));
  const iv = take(IV_BYTES);
  const wrapped = take(KEY_BYTES);
  const tag = take(TAG_BYTES);
  const prefix = Buffer.from(take(PREFIX_BYTES));
  const chunkBytes = take(4).readUInt32BE(0);
  if (chunkBytes === 0) throw new EnvelopeDamagedError(key);
  try {
    const decipher = createDecipheriv('aes-256-gcm', memberKey, iv);
    decipher.setAAD(wrapAad(ownerId));
    decipher.setAuthTag(tag);
    return { dataKey: Buffer.concat([decipher.update(wrapped), decipher.final()]), prefix, chunkBytes };
  } catch {
    throw new EnvelopeDamagedError(key);
  }
};

/** how many sealed chunks an envelope of the stored size holds (at least one: an empty file has one empty final chunk) */
const chunkCount = (storedSize: number, chunkBytes: number): number => Math.ceil((storedSize - PRIVATE_BLOB_HEADER_BYTES) / (chunkBytes + TAG_BYTES));

const plainSizeOf = (storedSize: number, chunkBytes: number): number =>
  storedSize - PRIVATE_BLOB_HEADER_BYTES - chunkCount(storedSize, chunkBytes) * TAG_BYTES;

/**
 * Opens sealed chunks from `firstIndex` on and passes on the plain bytes from `skip` (offset into the
 * first chunk) for `length` bytes; fails when a chunk does not open or the final chunk never came.
 */
const openingStream = (
  key: string,
  header: Header,
  options: { firstIndex: number; lastIndex: number; finalIndex: number; skip: number; length: number },
): Transform => {
  const sealedBytes = header.chunkBytes + TAG_BYTES;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = options.firstIndex;
  let skip = options.skip;
  let remaining = options.length;
  const open = (sealed: Buffer): Buffer => {
    if (index > options.lastIndex || sealed.length < TAG_BYTES) throw new EnvelopeDamagedError(key);
    const decipher = createDecipheriv('aes-256-gcm', header.dataKey, nonceOf(header.prefix, index));
    decipher.setAAD(index === options.finalIndex ? FINAL : NOT_FINAL);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    index += 1;
    const from = Math.min(skip, plain.length);
    skip -= from;
    const out = plain.subarray(from, from + remaining);
    remaining -= out.length;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < sealedBytes) return callback();
        let all = Buffer.concat(pending);
        while (all.length >= sealedBytes && index < options.lastIndex) {
          const out = open(all.subarray(0, sealedBytes));
          if (out.length > 0) this.push(out);
          all = all.subarray(sealedBytes);
        }
        pending = [all];
        pendingBytes = all.length;
        callback();
      } catch (error) {
        callback(error instanceof EnvelopeDamagedError ? error : new EnvelopeDamagedError(key));
      }
    },
    flush(callback: TransformCallback) {
      try {
        // the final chunk (or the last one the range touches) is what is left
        const out = open(Buffer.concat(pending));
        if (out.length > 0) this.push(out);
        callback(index === options.lastIndex + 1 ? null : new EnvelopeDamagedError(key));
      } catch (error) {
        callback(error instanceof EnvelopeDamagedError ? error : new EnvelopeDamagedError(key));
      }
    },
  });
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

export const createPrivateBlobStorage = (storage: FileStorage, keys: KeyStore, options: { chunkBytes?: number } = {}): PrivateBlobStorage => {
  const chunkBytes = options.chunkBytes ?? PRIVATE_BLOB_CHUNK_BYTES;

  const plainSize = async (key: string): Promise<number | null> => {
    const info = await storage.stat(key);
    if (!info) return null;
    if (info.size < PRIVATE_BLOB_HEADER_BYTES + TAG_BYTES) throw new EnvelopeDamagedError(key);
    const header = await readAll(await storage.read(key, { start: 0, end: PRIVATE_BLOB_HEADER_BYTES - 1 }));
    return plainSizeOf(info.size, header.readUInt32BE(PRIVATE_BLOB_HEADER_BYTES - 4));
  };

  return {
    async put(ownerId, source, putOptions = {}) {
      const memberKey = await keys.getOrCreate(ownerId);
      const header: Header = { dataKey: randomBytes(KEY_BYTES), prefix: randomBytes(PREFIX_BYTES), chunkBytes };
      const measure = new Measure(putOptions.maxBytes ?? Number.MAX_SAFE_INTEGER);
      const sealed = async function* (): AsyncIterable<Buffer> {
        yield writeHeader(memberKey, ownerId, header);
        let index = 0;
        let pending = Buffer.alloc(0);
        for await (const chunk of source) {
          pending = Buffer.concat([pending, measure.take(chunk)]);
          // a full chunk is sealed only once more bytes follow: the last one is sealed as final
          while (pending.length > chunkBytes) {
            yield sealChunk(header.dataKey, header.prefix, index, pending.subarray(0, chunkBytes), false);
            pending = pending.subarray(chunkBytes);
            index += 1;
          }
        }
        yield sealChunk(header.dataKey, header.prefix, index, pending, true);
      };
      const stored = await storage.put(sealed());
      return { key: stored.key, size: measure.size, head: measure.head };
    },

    async read(ownerId, key, range) {
      const info = await storage.stat(key);
      if (!info) throw new BlobNotFoundError(key);
      const memberKey = await keys.get(ownerId);
      if (!memberKey) throw new BlobUnreadableError(key);
      if (info.size < PRIVATE_BLOB_HEADER_BYTES + TAG_BYTES) throw new EnvelopeDamagedError(key);
      const header = readHeader(memberKey, ownerId, key, await readAll(await storage.read(key, { start: 0, end: PRIVATE_BLOB_HEADER_BYTES - 1 })));
      const sealedBytes = header.chunkBytes + TAG_BYTES;
      const chunks = chunkCount(info.size, header.chunkBytes);
      const size = plainSizeOf(info.size, header.chunkBytes);
      const lastIndex = chunks - 1;
      if (!range) {
        // a whole read also checks the envelope's hash (the store's own check) at its end
        let skipped = 0;
        const skipHeader = new Transform({
          transform(chunk: Buffer, _encoding, callback: TransformCallback) {
            const drop = Math.min(PRIVATE_BLOB_HEADER_BYTES - skipped, chunk.length);
            skipped += drop;
            callback(null, drop < chunk.length ? chunk.subarray(drop) : undefined);
          },
        });
        const stored = await storage.read(key);
        const opening = openingStream(key, header, { firstIndex: 0, lastIndex, finalIndex: lastIndex, skip: 0, length: size });
        // one pipeline: a reader that stops early (a closed download) closes the stored stream too
        return pipeline(stored, skipHeader, opening, () => undefined);
      }
      const end = Math.min(range.end, size - 1);
      if (size === 0 || range.start > end) return Readable.from([]);
      const first = Math.floor(range.start / header.chunkBytes);
      const last = Math.floor(end / header.chunkBytes);
      const stored = await storage.read(key, {
        start: PRIVATE_BLOB_HEADER_BYTES + first * sealedBytes,
        end: Math.min(PRIVATE_BLOB_HEADER_BYTES + (last + 1) * sealedBytes, info.size) - 1,
      });
      const opening = openingStream(key, header, {
        firstIndex: first,
        lastIndex: last,
        finalIndex: lastIndex,
        skip: range.start - first * header.chunkBytes,
        length: end - range.start + 1,
      });
      return pipeline(stored, opening, () => undefined);
    },

    plainSize,
  };
};

