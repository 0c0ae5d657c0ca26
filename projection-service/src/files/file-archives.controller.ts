import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FILE_ARCHIVES_LISTED, fileArchiveSchema, fileArchivesAnswerSchema, type FileArchiveDto, type FileArchivesResponse, type FileViewer } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { Ctx, type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, type RequestContext } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import { contentDisposition } from './file-downloads.controller';
import { FILE_ARCHIVE_PROGRESS_COLLECTION, fileArchivesProjection, type FileArchiveDocument, type FileArchiveProgressDocument } from './file-archives.projection';
import { scopeOfFolderId, visibleFile, visibleTree } from './files.read';

export const archiveFileName = (doc: Pick<FileArchiveDocument, 'requested_at'>): string => `files-${doc.requested_at.slice(0, 10)}.zip`;

/** the spec's Export as the member sees it: a running build in_progress with its percentage, a finished one with its zip (until it expires) */
export const fileArchiveDto = (doc: FileArchiveDocument, progress: number | null): FileArchiveDto => {
  const downloadUrl = `/api/storage/archives/${encodeURIComponent(doc._id)}/download`;
  return {
    id: doc._id,
    status: doc.state === 'requested' ? (progress === null ? 'initialized' : 'in_progress') : doc.state,
    progress: doc.state === 'finished' || doc.state === 'expired' ? 100 : doc.state === 'failed' ? 0 : (progress ?? 0),
    createdAt: doc.requested_at,
    finishedAt: doc.finished_at,
    expiresAt: doc.expires_at ?? null,
    files: doc.state === 'finished' ? [{ id: doc._id, name: archiveFileName(doc), bytes: doc.bytes, fileUrl: downloadUrl, downloadUrl, extension: 'zip' }] : [],
  };
};

/** A member's archive exports (POST /api/storage/archives asks for one): theirs alone; anybody else gets 404. */
@Controller('api/storage/archives')
export class FileArchivesController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
  ) {}

  private archives() {
    return this.documentStore.collection<FileArchiveDocument>(collectionName(fileArchivesProjection));
  }

  private async dtos(docs: readonly FileArchiveDocument[]): Promise<FileArchiveDto[]> {
    const running = docs.filter((doc) => doc.state === 'requested').map((doc) => doc._id);
    const stored = running.length === 0 ? [] : await this.documentStore.collection<FileArchiveProgressDocument>(FILE_ARCHIVE_PROGRESS_COLLECTION).getMany(running);
    const progress = new Map(stored.map((doc) => [doc._id, doc.progress]));
    return docs.map((doc) => fileArchiveDto(doc, progress.get(doc._id) ?? null));
  }

  /** the member's own export, or 404 (someone else's, or none) */
  private async own(ctx: RequestContext, id: string): Promise<{ doc: FileArchiveDocument; viewer: FileViewer }> {
    const member = await signedInMember(this.documentStore, ctx);
    const doc = await this.archives().get(id);
    if (!doc || doc.member_id !== member._id) throw new HttpProblem(404, 'not_found');
    return { doc, viewer: await viewerOf(this.documentStore, member) };
  }

  @Get()
  @Endpoint({
    summary: "The member's archive exports, newest first (status initialized, in_progress with its percentage, finished with the zip and when it expires, failed, expired)",
    tags: ['files'],
    auth: 'member',
    responses: { 200: { description: '{ archives }', schema: fileArchivesAnswerSchema }, 401: 'unauthenticated' },
  })
  async list(@Ctx() ctx: RequestContext): Promise<FileArchivesResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const docs = await this.archives().find({ member_id: member._id }, { sort: [['requested_at', -1], ['_id', -1]], limit: FILE_ARCHIVES_LISTED });
    return { archives: await this.dtos(docs) };
  }

  @Get(':id')
  @Endpoint({
    summary: 'One archive export of the member',
    tags: ['files'],
    auth: 'member',
    responses: { 200: { description: 'the export', schema: fileArchiveSchema }, 401: 'unauthenticated', 404: 'not_found (none, or of another member)' },
  })
  async one(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<FileArchiveDto> {
    const { doc } = await this.own(ctx, id);
    return (await this.dtos([doc]))[0];
  }

  @Get(':id/download')
  @Endpoint({
    summary: "A finished archive export's zip (only for the member who asked, while they may still read everything it names)",
    tags: ['files'],
    auth: 'member',
    responses: {
      200: { description: 'a zip archive', otherMediaTypes: ['application/zip'] },
      401: 'unauthenticated',
      404: 'not_found (none, deleted, of another member, not finished, or naming what the member may no longer read)',
      410: 'archive_expired (its period ran out and its bytes are gone: generate a new one)',
    },
  })
  async download(@Ctx() ctx: RequestContext, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const { doc, viewer } = await this.own(ctx, id);
    if (doc.state === 'expired') throw new HttpProblem(410, 'archive_expired');
    if (doc.state !== 'finished' || !doc.blob_key) throw new HttpProblem(404, 'not_found');
    // the zip was built with the member's rights then: someone who left the group since reads it no more
    for (const fileId of doc.file_ids) if (!(await visibleFile(this.documentStore, fileId, viewer).catch(() => null))) throw new HttpProblem(404, 'not_found');
    for (const folderId of doc.folder_ids) {
      const tree = await visibleTree(this.documentStore, await scopeOfFolderId(this.documentStore, folderId), viewer).catch(() => null);
      if (!tree || !tree.live(folderId)) throw new HttpProblem(404, 'not_found');
    }
    const stream = await this.storage.read(doc.blob_key);
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Length': String(doc.bytes),
      'Content-Disposition': contentDisposition('attachment', archiveFileName(doc)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    await pipeline(stream, res).catch(() => res.destroy());
  }
}
