import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { privateDir, PRIVATE_FILE_MODE } from '@cn/platform/files';
import { BlobNotFoundError, type BlobInfo, type ByteRange, type FileStorage, isBlobKey, type StoredBlob } from './file-storage';
import { Measure, verifyingStream } from './hashing';

/**
 * The embedded file storage: one file per blob under `dir/blobs/<first two hex digits>/<key>`. A put
 * writes to `dir/tmp/<uuid>`, fsyncs, renames into place and fsyncs the folder, so a blob that exists is
 * whole: a crash leaves at most a temporary file, removed at the next start.
 */
export const createDiskFileStorage = (options: { dir: string }): FileStorage => {
  const blobs = join(options.dir, 'blobs');
  const tmp = join(options.dir, 'tmp');
  privateDir(blobs);
  privateDir(tmp);
  // temporary files of a process that stopped mid-upload; a failure is the first upload's to report (held
  // as a value: a storage nobody writes to, or one whose folder went away meanwhile, leaves no unhandled rejection)
  const clearing: Promise<Error | null> = rm(tmp, { recursive: true, force: true })
    .then(() => mkdir(tmp, { recursive: true, mode: 0o700 }))
    .then(
      () => null,
      (error: unknown) => (error instanceof Error ? error : new Error(`clearing the temporary folder failed: ${String(error)}`)),
    );

  const pathOf = (key: string): string => {
    if (!isBlobKey(key)) throw new BlobNotFoundError(key);
    return join(blobs, key.slice(0, 2), key);
  };

  const fsyncDir = async (dir: string): Promise<void> => {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  const statOf = async (key: string): Promise<BlobInfo | null> => {
    try {
      const info = await stat(pathOf(key));
      return { key, size: info.size, storedAt: info.mtime };
    } catch (error) {
      if (error instanceof BlobNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    async put(source, putOptions = {}): Promise<StoredBlob> {
      const failed = await clearing;
      if (failed) throw failed;
      const temporary = join(tmp, randomUUID());
      const measure = new Measure(putOptions.maxBytes ?? Number.MAX_SAFE_INTEGER);
      const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
      let kept = false;
      try {
        for await (const chunk of source) {
          const buffer = measure.take(chunk);
          await handle.write(buffer);
        }
        await handle.sync();
        await handle.close();
        const key = measure.hash.digest('hex');
        const target = pathOf(key);
        const folder = join(blobs, key.slice(0, 2));
        await mkdir(folder, { recursive: true, mode: 0o700 });
        // the same bytes stored before: keep the first copy (blobs never change)
        if ((await statOf(key)) === null) {
          await rename(temporary, target);
          kept = true;
          await fsyncDir(folder);
        }
        return { key, size: measure.size, head: measure.head };
      } finally {
        await handle.close().catch(() => undefined);
        if (!kept) await unlink(temporary).catch(() => undefined);
      }
    },

    async read(key: string, range?: ByteRange): Promise<Readable> {
      const info = await statOf(key);
      if (!info) throw new BlobNotFoundError(key);
      if (range) {
        const end = Math.min(range.end, info.size - 1);
        return createReadStream(pathOf(key), { start: range.start, end });
      }
      return createReadStream(pathOf(key)).pipe(verifyingStream(key));
    },

    stat: statOf,

    async delete(key: string): Promise<void> {
      if (!isBlobKey(key)) return;
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async *list(): AsyncIterable<BlobInfo> {
      for (const folder of await readdir(blobs)) {
        for (const name of await readdir(join(blobs, folder)).catch(() => [] as string[])) {
          if (!isBlobKey(name)) continue;
          const info = await statOf(name);
          if (info) yield info;
        }
      }
    },

    close: () => Promise.resolve(),
  };
};
