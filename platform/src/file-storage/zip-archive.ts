import { Transform, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStorage } from './file-storage';

export interface ArchiveEntry {
  /** the path inside the archive, as folder names and the file name: each segment is sanitized */
  path: string[];
  /** null for an (empty) folder */
  blob_key: string | null;
  modified: Date;
  /** the entry's size in bytes when known (progress of an archive export); 0 for a folder */
  size?: number;
}

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * One path segment as it may appear in an archive: no separators, no `.` or `..`, no control characters,
 * no drive letters or leading dots, no names Windows reserves; never empty. So no entry can land outside
 * the folder it is unpacked into (zip slip).
 */
export const archiveSegment = (raw: string): string => {
  const cleaned = Array.from(raw.normalize('NFC'))
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 200);
  if (cleaned === '') return '_';
  return RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
};

/** the entries' paths made unique (a second `a.txt` becomes `a (2).txt`), sanitized segment by segment */
export const archivePaths = (entries: readonly ArchiveEntry[]): string[] => {
  const taken = new Set<string>();
  return entries.map((entry) => {
    const segments = entry.path.map(archiveSegment);
    const base = segments.join('/');
    let path = base;
    for (let copy = 2; taken.has(path.toLowerCase()); copy += 1) {
      const last = segments[segments.length - 1];
      const dot = last.lastIndexOf('.');
      const renamed = dot > 0 ? `${last.slice(0, dot)} (${copy})${last.slice(dot)}` : `${last} (${copy})`;
      path = [...segments.slice(0, -1), renamed].join('/');
    }
    taken.add(path.toLowerCase());
    return path;
  });
};

/**
 * A zip of the entries, streamed: each file's bytes are read from the storage only when the archive
 * reaches it, so memory stays flat however large the files are. `onRead` hears how many bytes of the
 * entries were read so far (an archive export's progress). An entry that cannot be read destroys the
 * stream with its error.
 */
export const zipArchive = (storage: FileStorage, entries: readonly ArchiveEntry[], onRead?: (bytes: number) => void): Readable => {
  let read = 0;
  const zip = new ZipFile();
  const paths = archivePaths(entries);
  entries.forEach((entry, index) => {
    if (entry.blob_key === null) {
      zip.addEmptyDirectory(paths[index], { mtime: entry.modified });
      return;
    }
    const key = entry.blob_key;
    zip.addReadStreamLazy(paths[index], { mtime: entry.modified }, (callback) => {
      storage.read(key).then(
        (stream) => {
          if (!onRead) return callback(null, stream);
          const counted = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              read += chunk.length;
              onRead(read);
              done(null, chunk);
            },
          });
          stream.on('error', (error) => counted.destroy(error));
          callback(null, stream.pipe(counted));
        },
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  });
  zip.end();
  const output = zip.outputStream as Readable;
  // an entry that cannot be read (bytes gone from the store, a failing store) fails the archive's stream:
  // unheard, yazl's error would throw in the process and the stream would never end. The stream keeps the
  // error for whoever reads it (iterating or piping a destroyed stream rejects with it), also when the
  // reading starts only after it failed: its own 'error' event needs no listener of the caller then.
  zip.on('error', (error: Error) => output.destroy(error));
  output.on('error', () => undefined);
  return output;
};
