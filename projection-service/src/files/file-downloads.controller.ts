import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { designLogoFileId, FILE_IMAGE_SIZE_NAMES, type FileImageSize, type FileViewer } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import {
  createFileDownloadToken,
  Ctx,
  type DocumentStore,
  type KeyStore,
  Endpoint,
  type FileStorage,
  HttpProblem,
  InjectPort,
  parseWith,
  type PlatformConfig,
  readFileDownloadToken,
  readFileToken,
  type RequestContext,
  zipArchive,
} from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { designLogoFile, designLogoTokenMatches } from '../designs/design-logo';
import { designsProjection, type DesignDocument } from '../designs/designs.projection';
import { loadUnlockedMember, signedInMember } from '../members/members.read';
import { archiveEntries } from './archive-entries';
import { currentVersionOf, type FileDocument } from './files.projection';
import { fileVersionBytes, versionAtSize } from './send-file-version';
import { filesCollection, visibleFile } from './files.read';

const downloadQuerySchema = z.object({
  _: z.string().regex(/^v\d{1,6}$/, { message: 'invalid_format' }).optional(),
  token: z.string().max(2_000, { message: 'too_long' }).optional(),
  size: z.enum(FILE_IMAGE_SIZE_NAMES as [FileImageSize, ...FileImageSize[]], { message: 'invalid_value' }).optional(),
});
/** the images route takes its size in the path; only the version in the query */
const imageQuerySchema = z.object({ _: downloadQuerySchema.shape._ });
/** a download token is good for this long */
export const FILE_DOWNLOAD_TOKEN_TTL_MS = 5 * 60_000;
const downloadTokenSchema = z.object({ token: z.string(), expires_at: z.string(), url: z.string() });
const archiveQuerySchema = z.object({ token: z.string().min(1, { message: 'required' }).max(20_000, { message: 'too_long' }) });

/** types a browser may show inline; everything else (HTML, SVG, scripts) is only ever a download */
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

/** RFC 6266 / RFC 5987: an ASCII fallback and the UTF-8 name */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** one `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null for none or several (answered whole) */
export const rangeOf = (header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
};

const archiveName = (now: Date): string => `files-${now.toISOString().slice(0, 10)}.zip`;

@Controller('api/storage')
export class FileDownloadsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('keyStore') private readonly keys: KeyStore,
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  private async viewer(ctx: RequestContext): Promise<FileViewer> {
    const member = await signedInMember(this.documentStore, ctx);
    return viewerOf(this.documentStore, member);
  }

  /**
   * A design's uploaded logo: an unpublished upload (the command side takes only the designer's own) that a
   * design names is shown to every member, as the design is; null for any other file.
   */
  private async designLogo(fileId: string): Promise<FileDocument | null> {
    const doc = await filesCollection(this.documentStore).get(fileId);
    if (!doc || doc.state !== 'volatile') return null;
    const designs = await this.documentStore.collection<DesignDocument>(collectionName(designsProjection)).find();
    return designs.some((design) => designLogoFileId(design.logo_url) === fileId) ? doc : null;
  }

  @Get('files/:id/get/:filename')
  @Endpoint({
    summary:
      'Open or download a file (`?_=v{major}` names a version; `size=preview|thumb|lightbox` an image\'s size, 200x200, 435x435, inside 1920x1200, WebP; Range requests answered 206). Without a session, `?token=` (GET /api/storage/files/{id}/token) signs the member in for this file alone',
    tags: ['files'],
    auth: 'member',
    tokenQuery: true,
    query: downloadQuerySchema,
    responses: {
      200: { description: 'the bytes (Content-Disposition with filename*, X-Content-Type-Options: nosniff)', otherMediaTypes: ['application/octet-stream'] },
      206: { description: 'the requested range (Content-Range)', otherMediaTypes: ['application/octet-stream'] },
      400: 'validation_failed (_: invalid_format; size: invalid_value)',
      401: 'unauthenticated; invalid_token (a download token forged, expired, of another file, or of an erased or locked member)',
      404: 'not_found (unknown file or version, removed, or a group the member is not in; size: not_an_image)',
      416: 'range_not_satisfiable',
    },
  })
  async download(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() raw: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(ctx, id, parseWith(downloadQuerySchema, raw), req, res);
  }

  @Get('images/:id/get/:size')
  @Endpoint({
    summary:
      "A file's image at a named size (the spec's images route): `preview`/`small` 200x200, `thumb`/`large` 435x435, `lightbox` inside 1920x1200, WebP without EXIF, of the current version (`?_=v{major}` another); the file's read rule decides, as for its download",
    tags: ['files'],
    auth: 'member',
    query: imageQuerySchema,
    responses: {
      200: { description: 'the image (Content-Disposition inline, X-Content-Type-Options: nosniff; as uploaded until the sizes are made)', otherMediaTypes: ['image/webp', 'image/png', 'image/jpeg', 'image/gif'] },
      400: 'validation_failed (size: invalid_value; _: invalid_format)',
      401: 'unauthenticated',
      404: 'not_found (unknown file or version, removed, a group the member is not in; size: not_an_image)',
    },
  })
  async image(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('size') size: string, @Query() raw: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const query = parseWith(downloadQuerySchema, { ...parseWith(imageQuerySchema, raw), size });
    await this.send(ctx, id, query, req, res);
  }

  @Get('files/:id/token')
  @Endpoint({
    summary:
      "A short-lived download token for a file the member may read (five minutes, bound to the member and the file): `url` is the file's download with `?token=`, for clients that send no cookies (an office or media player)",
    tags: ['files'],
    auth: 'member',
    responses: { 200: { description: '{ token, expires_at, url }', schema: downloadTokenSchema }, 401: 'unauthenticated', 404: 'not_found (unknown or removed file, or one the member may not read)' },
  })
  async downloadToken(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<z.infer<typeof downloadTokenSchema>> {
    const member = await signedInMember(this.documentStore, ctx);
    const { doc } = await visibleFile(this.documentStore, id, await viewerOf(this.documentStore, member));
    const expiresAt = this.clock().getTime() + FILE_DOWNLOAD_TOKEN_TTL_MS;
    const token = createFileDownloadToken(this.config.session.secret, { member_id: member._id, file_id: doc._id, expires_at: expiresAt });
    return { token, expires_at: new Date(expiresAt).toISOString(), url: `/api/storage/files/${doc._id}/get/${encodeURIComponent(doc.name)}?token=${encodeURIComponent(token)}` };
  }

  /**
   * Who reads: the signed-in member; without a session, the member a download token of this very file names
   * (the guard let it through), still active and not locked, by the same read rule.
   */
  private async reader(ctx: RequestContext, id: string, token: string | undefined): Promise<FileViewer> {
    if (ctx.memberId || token === undefined) return this.viewer(ctx);
    const claims = readFileDownloadToken(this.config.session.secret, token, this.clock());
    if (!claims || claims.file_id !== id) throw new HttpProblem(401, 'invalid_token');
    const member = await loadUnlockedMember(this.documentStore, claims.member_id);
    if (!member) throw new HttpProblem(401, 'invalid_token');
    return viewerOf(this.documentStore, member);
  }

  /** a version of a file the member may read (`visibleFile`, or a design's logo), at a size, whole or a range */
  private async send(ctx: RequestContext, id: string, query: z.infer<typeof downloadQuerySchema>, req: Request, res: Response): Promise<void> {
    const reader = await this.reader(ctx, id, query.token);
    const doc = await this.designLogo(id) ?? (await visibleFile(this.documentStore, id, reader)).doc;
    const major = query._ ? Number(query._.slice(1)) : null;
    // an unpublished upload (a design's logo) has its one version without a number yet
    const current = doc.state === 'volatile' ? (doc.versions[doc.versions.length - 1] ?? null) : currentVersionOf(doc);
    const named = major === null ? current : doc.versions.find((candidate) => candidate.major === major);
    if (!named) throw new HttpProblem(404, 'not_found');
    // an image's size: the same file, so the same rule (visibleFile above) decides who reads it
    const version = versionAtSize(named, query.size);
    const range = rangeOf(req.headers.range, version.size);
    if (range === 'unsatisfiable') throw new HttpProblem(416, 'range_not_satisfiable', [], undefined, { 'Content-Range': `bytes */${version.size}` });
    const stream = await fileVersionBytes(this.storage, this.keys).open(version, range ?? undefined);
    const kind = INLINE.has(version.content_type) && req.query['download'] === undefined ? 'inline' : 'attachment';
    res.status(range ? 206 : 200);
    res.set({
      'Content-Type': version.content_type,
      'Content-Length': String(range ? range.end - range.start + 1 : version.size),
      'Content-Disposition': contentDisposition(kind, doc.name),
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-cache',
      ETag: `"${version.blob_key}"`,
      ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${version.size}` } : {}),
    });
    await pipeline(stream, res).catch(() => res.destroy());
  }

  @Get('design-logos/:id/:token')
  @Endpoint({
    summary: "A design's logo for mails, without a session: only an image a live design names, at the address its HMAC token binds to these bytes (cached as immutable)",
    tags: ['files', 'designs'],
    auth: 'none',
    responses: { 200: { description: 'the image', otherMediaTypes: ['image/png'] }, 404: 'not_found (no design logo, or a token of other bytes)' },
  })
  async designLogoForMail(@Param('id') id: string, @Param('token') token: string, @Res() res: Response): Promise<void> {
    const found = await designLogoFile(this.documentStore, id);
    if (!found || !designLogoTokenMatches(this.config.session.secret, id, found.version.blob_key, token)) throw new HttpProblem(404, 'not_found');
    const stream = await fileVersionBytes(this.storage, this.keys).open(found.version);
    res.status(200).set({
      'Content-Type': found.version.content_type,
      'Content-Length': String(found.version.size),
      'Content-Disposition': contentDisposition('inline', found.doc.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    await pipeline(stream, res).catch(() => res.destroy());
  }

  @Get('v2/archive')
  @Endpoint({
    summary: 'Files and folders as one zip, streamed (the token of POST /api/v1/file_token; only what the member may read)',
    tags: ['files'],
    auth: 'member',
    query: archiveQuerySchema,
    responses: {
      200: { description: 'a zip archive', otherMediaTypes: ['application/zip'] },
      400: 'validation_failed (token: required, too_long)',
      401: 'unauthenticated',
      403: 'forbidden (the token is invalid, expired or of another member)',
      431: 'a request line longer than the server takes (a token far longer than any POST /api/v1/file_token issues)',
    },
  })
  async archive(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const query = parseWith(archiveQuerySchema, raw);
    const viewer = await this.viewer(ctx);
    const claims = readFileToken(this.config.session.secret, query.token, this.clock());
    if (!claims || claims.member_id !== viewer.member_id) throw new HttpProblem(403, 'forbidden', [{ field: 'token', key: 'invalid_token' }]);
    const entries = await archiveEntries(this.documentStore, claims.file_ids, claims.folder_ids, viewer);
    res.status(200).set({ 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition('attachment', archiveName(this.clock())), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' });
    await pipeline(zipArchive(this.storage, entries), res).catch(() => res.destroy());
  }
}
