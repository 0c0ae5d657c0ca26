import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type FileDetailsDto } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, type KeyStore, type PlatformConfig, wopiCallClaims, wopiDiscoveryFor, type WopiTokenClaims } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { displayNameOf } from '../members/member-dto';
import { loadUnlockedMember } from '../members/members.read';
import { currentVersionOf, type FileDocument } from './files.projection';
import { fileDetails, visibleFile } from './files.read';
import { fileVersionBytes } from './send-file-version';

/** the member a WOPI call acts for and what they may do with the file now (the token proves only who and which file) */
export interface WopiCaller {
  claims: WopiTokenClaims;
  member: { id: string; name: string };
  details: FileDetailsDto;
  doc: FileDocument;
}

/**
 * Reads a WOPI call: the token and the suite's proof, then the member's rights as of now, folded from
 * the same read models and rules as the member's own pages. An erased or locked member's token is
 * refused (401); a file they no longer see (removed, a group they left) is 404, whatever the token says.
 */
export const wopiCaller = async (req: Request, fileId: string, deps: { store: DocumentStore; config: PlatformConfig; clock: () => Date }): Promise<WopiCaller> => {
  const wopi = deps.config.wopi;
  if (!wopi) throw new HttpProblem(404, 'not_found');
  const now = deps.clock();
  const claims = await wopiCallClaims(req, fileId, { secret: deps.config.session.secret, publicUrl: deps.config.publicUrl, discovery: wopiDiscoveryFor(wopi, deps.clock), now });
  const member = await loadUnlockedMember(deps.store, claims.member_id);
  if (!member) throw new HttpProblem(401, 'invalid_access_token');
  const viewer = await viewerOf(deps.store, member);
  const details = await fileDetails(deps.store, fileId, viewer, now);
  const { doc } = await visibleFile(deps.store, fileId, viewer);
  return { claims, member: { id: member._id, name: displayNameOf(member) }, details, doc };
};

/** whether the caller may save: a write token and the right to add a version (published at once or proposed) */
export const wopiMayWrite = (caller: Pick<WopiCaller, 'claims' | 'details'>): boolean => caller.claims.mode === 'write' && caller.details.file.can.add_version;

const tags = ['files', 'wopi'];

/**
 * The WOPI host's reads, called by the office suite (never by a console) with the access token of
 * GET /files/{id}/wopi/actions: CheckFileInfo and GetFile. The writes (PutFile, the locks) are POSTs and
 * live on the command side.
 */
@Controller('wopi/files')
@UseInterceptors(ConsistencyInterceptor)
export class WopiHostController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('keyStore') private readonly keys: KeyStore,
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  private caller(req: Request, id: string): Promise<WopiCaller> {
    return wopiCaller(req, id, { store: this.documentStore, config: this.config, clock: this.clock });
  }

  @Get(':id')
  @Endpoint({
    summary: 'WOPI CheckFileInfo (the office suite, with access_token): the file\'s name, size, version and what the member may do with it now',
    tags,
    auth: 'none',
    responses: {
      200: 'BaseFileName, Size, OwnerId, UserId, UserFriendlyName, Version, UserCanWrite, ReadOnly, SupportsLocks, SupportsUpdate, ...',
      401: 'invalid_access_token (none, forged, expired, of another file, an erased or locked member), invalid_proof',
      404: 'not_found (no suite connected; unknown, removed, or a file the member no longer sees)',
    },
  })
  async checkFileInfo(@Param('id') id: string, @Req() req: Request): Promise<Record<string, unknown>> {
    const caller = await this.caller(req, id);
    const current = currentVersionOf(caller.doc);
    const write = wopiMayWrite(caller);
    return {
      BaseFileName: caller.doc.name,
      Size: current?.size ?? 0,
      OwnerId: caller.doc.author_id,
      UserId: caller.member.id,
      UserFriendlyName: caller.member.name,
      // changes whenever the current version does (a new major, an approval)
      Version: `v${current?.major ?? 0}-${current?.version_id ?? ''}`,
      LastModifiedTime: caller.doc.updated_at,
      UserCanWrite: write,
      ReadOnly: !write,
      UserCanNotWriteRelative: true,
      UserCanRename: false,
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsUpdate: true,
      SupportsRename: false,
      SupportsExtendedLockLength: true,
      DisablePrint: false,
      DisableExport: false,
    };
  }

  @Get(':id/contents')
  @Endpoint({
    summary: 'WOPI GetFile (the office suite, with access_token): the current version\'s bytes, streamed',
    tags,
    auth: 'none',
    responses: {
      200: { description: 'the bytes (X-WOPI-ItemVersion: the version)', otherMediaTypes: ['application/octet-stream'] },
      401: 'invalid_access_token, invalid_proof',
      404: 'not_found',
    },
  })
  async getFile(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const caller = await this.caller(req, id);
    const current = currentVersionOf(caller.doc);
    if (!current) throw new HttpProblem(404, 'not_found');
    const stream = await fileVersionBytes(this.storage, this.keys).open(current);
    res.status(200).set({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(current.size),
      'X-WOPI-ItemVersion': `v${current.major ?? 0}-${current.version_id}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    await pipeline(stream, res).catch(() => res.destroy());
  }
}
