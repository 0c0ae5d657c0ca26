import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { type FileStorage, HttpProblem } from '@cn/platform';
import { contentDisposition, rangeOf } from './file-downloads.controller';
import type { FileVersionEntry } from './files.projection';

/**
 * Sends one stored version of a file, as every read-through route answers (a message's or a post's
 * attachment): one Range answered 206, 416 past the end, never sniffed by the browser (nosniff), named by
 * Content-Disposition (`inline` only where the caller chose a type a browser may show).
 */
export const sendFileVersion = async (
  storage: FileStorage,
  req: Request,
  res: Response,
  file: { version: FileVersionEntry; name: string; disposition: 'inline' | 'attachment' },
): Promise<void> => {
  const { version } = file;
  const range = rangeOf(req.headers.range, version.size);
  if (range === 'unsatisfiable') throw new HttpProblem(416, 'range_not_satisfiable', [], undefined, { 'Content-Range': `bytes */${version.size}` });
  const stream = await storage.read(version.blob_key, range ?? undefined);
  res.status(range ? 206 : 200);
  res.set({
    'Content-Type': version.content_type,
    'Content-Length': String(range ? range.end - range.start + 1 : version.size),
    'Content-Disposition': contentDisposition(file.disposition, file.name),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${version.size}` } : {}),
  });
  await pipeline(stream, res).catch(() => res.destroy());
};
