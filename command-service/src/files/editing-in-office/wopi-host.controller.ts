import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { WOPI_LOCK_MAX_LENGTH } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, HttpProblem, InjectPort, type PlatformConfig, requestContextOf, wopiCallClaims, wopiDiscoveryFor } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { WopiLockMismatch } from '../file.decider';
import { ADD_FILE_VERSION, UploadFileCommand } from '../uploading-files/upload-file.command';
import { WOPI_LOCK_FILE, WopiLockCommand, type WopiLockOperation } from './wopi-lock.command';

const tags = ['files', 'wopi'];
const refusals = {
  400: 'validation_failed (X-WOPI-Lock: required, too_long; X-WOPI-Override: invalid_value)',
  401: 'invalid_access_token (none, forged, expired, of another file, a view token, an erased or locked member), invalid_proof',
  404: 'not_found (no suite connected; unknown, removed, or a file the member no longer sees)',
};

const lockHeader = (req: Request, name: string): string => {
  const value = req.get(name);
  if (value === undefined || value === '') throw new HttpProblem(400, 'validation_failed', [{ field: name, key: 'required' }]);
  if (value.length > WOPI_LOCK_MAX_LENGTH) throw new HttpProblem(400, 'validation_failed', [{ field: name, key: 'too_long' }]);
  return value;
};

/** WOPI's answer to a lock id that is not the file's: 409 with the lock the file holds */
const answeringLockMismatch = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WopiLockMismatch) throw new HttpProblem(409, 'lock_mismatch', [], undefined, { 'X-WOPI-Lock': error.currentLock, 'X-WOPI-LockFailureReason': error.currentLock ? 'locked by another editing session' : 'not locked by this editing session' });
    throw error;
  }
};

/**
 * The WOPI host's writes, called by the office suite with the access token of GET /files/{id}/wopi/actions:
 * the locks (POST with X-WOPI-Override LOCK, UNLOCK, REFRESH_LOCK, GET_LOCK; LOCK with X-WOPI-OldLock is
 * UnlockAndRelock), mapped onto the file's own lock, and PutFile, a new version through the same command
 * as an upload (published at once, or proposed for approval). The member's rights are decided anew on
 * every call.
 */
@Controller('wopi/files')
export class WopiHostWritesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly lookup: CommandLookup,
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  /** the member the token names, as the issuer of the command, once the suite proved the call */
  private async issuer(req: Request, fileId: string, write: boolean): Promise<CommandContext> {
    const wopi = this.config.wopi;
    if (!wopi) throw new HttpProblem(404, 'not_found');
    const claims = await wopiCallClaims(req, fileId, { secret: this.config.session.secret, publicUrl: this.config.publicUrl, discovery: wopiDiscoveryFor(wopi, this.clock), now: this.clock() });
    if (write && claims.mode !== 'write') throw new HttpProblem(401, 'invalid_access_token');
    if (!(await this.lookup.activeMember(claims.member_id))) throw new HttpProblem(401, 'invalid_access_token');
    const context = requestContextOf(req);
    return { memberId: claims.member_id, correlationId: context.correlationId, causationId: context.requestId };
  }

  @Post(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'WOPI Lock, Unlock, RefreshLock, GetLock and UnlockAndRelock (X-WOPI-Override; the office suite, with access_token): the file\'s lock, held for the suite 30 minutes unless refreshed',
    tags,
    auth: 'none',
    command: WOPI_LOCK_FILE,
    responses: {
      200: 'done (GetLock: X-WOPI-Lock, the current lock id or empty)',
      ...refusals,
      403: 'forbidden (the member may not save the file)',
      409: 'lock_mismatch (X-WOPI-Lock: the lock the file holds, empty when none or a member\'s own; a finalized file), concurrency_conflict',
      501: 'not_implemented (PUT_RELATIVE, RENAME_FILE, DELETE and the other overrides)',
    },
  })
  async lock(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Record<string, never>> {
    if (!this.config.wopi) throw new HttpProblem(404, 'not_found');
    const override = (req.get('x-wopi-override') ?? '').toUpperCase();
    let operation: WopiLockOperation;
    if (override === 'LOCK') operation = req.get('x-wopi-oldlock') ? { type: 'unlock_and_relock', lock: lockHeader(req, 'X-WOPI-Lock'), old_lock: lockHeader(req, 'X-WOPI-OldLock') } : { type: 'lock', lock: lockHeader(req, 'X-WOPI-Lock') };
    else if (override === 'UNLOCK') operation = { type: 'unlock', lock: lockHeader(req, 'X-WOPI-Lock') };
    else if (override === 'REFRESH_LOCK') operation = { type: 'refresh', lock: lockHeader(req, 'X-WOPI-Lock') };
    else if (override === 'GET_LOCK') operation = { type: 'get' };
    else if (['PUT_RELATIVE', 'RENAME_FILE', 'DELETE', 'PUT_USER_INFO'].includes(override)) throw new HttpProblem(501, 'not_implemented');
    else throw new HttpProblem(400, 'validation_failed', [{ field: 'X-WOPI-Override', key: 'invalid_value' }]);
    const issuer = await this.issuer(req, id, operation.type !== 'get' && operation.type !== 'unlock');
    const answer = await answeringLockMismatch(() => this.commands.execute(new WopiLockCommand(issuer, { file_id: id, operation })));
    if (operation.type === 'get') res.setHeader('X-WOPI-Lock', answer.lock);
    return {};
  }

  @Post(':id/contents')
  @HttpCode(200)
  @Endpoint({
    summary: 'WOPI PutFile (X-WOPI-Override PUT; the office suite, with access_token and X-WOPI-Lock): the body becomes a new version, published at once by who may change the file, proposed for approval otherwise',
    tags,
    auth: 'none',
    command: ADD_FILE_VERSION,
    streamedBody: { mediaType: 'application/octet-stream', schema: { type: 'string', format: 'binary' } },
    responses: {
      200: 'saved (a new version, or a proposal awaiting approval)',
      ...refusals,
      403: 'forbidden',
      409: 'lock_mismatch (X-WOPI-Lock: the lock the file holds; an unlocked file takes a save only while empty), file_finalized, concurrency_conflict',
      413: 'payload_too_large (file: file_too_large; FILES_MAX_UPLOAD_MB)',
    },
  })
  async putFile(@Param('id') id: string, @Req() req: Request): Promise<Record<string, never>> {
    if (!this.config.wopi) throw new HttpProblem(404, 'not_found');
    if ((req.get('x-wopi-override') ?? 'PUT').toUpperCase() !== 'PUT') throw new HttpProblem(400, 'validation_failed', [{ field: 'X-WOPI-Override', key: 'invalid_value' }]);
    const lock = req.get('x-wopi-lock') ?? null;
    if (lock !== null && lock.length > WOPI_LOCK_MAX_LENGTH) throw new HttpProblem(400, 'validation_failed', [{ field: 'X-WOPI-Lock', key: 'too_long' }]);
    const issuer = await this.issuer(req, id, true);
    await answeringLockMismatch(() => this.commands.execute(new UploadFileCommand(issuer, { file_id: id, wopi: { bytes: req, wopi_lock: lock || null } })));
    return {};
  }
}
