import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobCorruptedError, FileTooLargeError, HEAD_BYTES } from './file-storage';

/** Counts, hashes and keeps the head of what passes through; refuses more than maxBytes. */
export class Measure {
  readonly hash: Hash = createHash('sha256');
  size = 0;
  private readonly headParts: Buffer[] = [];
  private headSize = 0;

  constructor(private readonly maxBytes: number) {}

  take(chunk: Uint8Array): Buffer {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.size += buffer.length;
    if (this.size > this.maxBytes) throw new FileTooLargeError(this.maxBytes);
    this.hash.update(buffer);
    if (this.headSize < HEAD_BYTES) {
      const part = buffer.subarray(0, HEAD_BYTES - this.headSize);
      this.headParts.push(Buffer.from(part));
      this.headSize += part.length;
    }
    return buffer;
  }

  get head(): Buffer {
    return Buffer.concat(this.headParts);
  }
}

/** passes bytes through and fails at the end when they do not hash to the key */
export const verifyingStream = (key: string): Transform => {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      const actual = hash.digest('hex');
      callback(actual === key ? null : new BlobCorruptedError(key, actual));
    },
  });
};
