import { Controller, Delete, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { batchDeleteRequestSchema, batchMoveRequestSchema, type BatchDeleteRequest, type BatchMoveRequest, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { BATCH_DELETE, BATCH_MOVE, BatchChangeFilesCommand } from './batch-changes.command';

const tags = ['files'];
const refusals = {
  401: 'unauthenticated',
  403: 'forbidden (can.destroy of an item, can.add_files of the target; the field names the item: file_ids.N, folder_ids.N) or invalid_csrf_token',
  404: 'not_found (an item or the target unknown, removed, or of a group the member is not in; the field names it)',
  409: 'file_locked (a file locked by someone else), concurrency_conflict (an item changed while the batch was applied; the field names it)',
};

/** §7 files: batch move and delete (`POST /api/storage/{type}/move`, `DELETE /api/storage/{type}`), every item or none. */
@Controller('api/storage/files')
export class BatchChangesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('move')
  @HttpCode(200)
  @Endpoint({
    summary: 'Move files and folders into one folder of the same scope { file_ids, folder_ids, target_folder_id, source_folder_id? }: every item or none',
    tags,
    auth: 'member',
    command: BATCH_MOVE,
    body: batchMoveRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (file_ids: required when nothing is named, too_many; target_folder_id: required)',
      ...refusals,
      422: 'invalid_target (target_folder_id: another scope, a moved folder itself or one below it)',
    },
  })
  async move(@Issuer() issuer: CommandContext, @Payload() request: BatchMoveRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new BatchChangeFilesCommand(issuer, { type: 'move', request }));
    return commandAccepted(res, position);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete files and folders { file_ids, folder_ids, source_folder_id? }: every item or none',
    tags,
    auth: 'member',
    command: BATCH_DELETE,
    body: batchDeleteRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (file_ids: required when nothing is named, too_many)', ...refusals },
  })
  async remove(@Issuer() issuer: CommandContext, @Payload() request: BatchDeleteRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new BatchChangeFilesCommand(issuer, { type: 'delete', request }));
    return commandAccepted(res, position);
  }
}
