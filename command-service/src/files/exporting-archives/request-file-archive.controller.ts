import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { fileArchiveStream, REQUEST_FILE_ARCHIVE, requestFileArchiveAnswerSchema, requestFileArchiveSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { FileCommands } from '../file-commands';
import { fileArchiveDecider, type ArchiveItem } from './file-archive.decider';

export class RequestFileArchiveCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly request: z.output<typeof requestFileArchiveSchema>,
  ) {
    super();
  }
}

@CommandHandler(RequestFileArchiveCommand)
export class RequestFileArchiveHandler implements ICommandHandler<RequestFileArchiveCommand> {
  constructor(private readonly files: FileCommands) {}

  /** a published file in a live folder of a scope the member sees (the archive holds no one's unpublished upload) */
  private async fileVisible(issuer: CommandContext, fileId: string): Promise<boolean> {
    const state = await this.files.fileState(fileId);
    if (state.state !== 'published' || !state.scope) return false;
    const context = await this.files.context(issuer, state.scope);
    if (state.scope.type === 'group' && !context.viewer.group_ids.includes(state.scope.group_id)) return false;
    return (await this.files.folderRef(state.folder_id, context, 'file_ids')).live;
  }

  /** a live folder (a root while its group exists) of a scope the member sees */
  private async folderVisible(issuer: CommandContext, folderId: string): Promise<boolean> {
    const scope = await this.files.scopeOfFolder(folderId).catch(() => null);
    if (!scope) return false;
    const context = await this.files.context(issuer, scope);
    if (scope.type === 'group' && !context.viewer.group_ids.includes(scope.group_id)) return false;
    return (await this.files.folderRef(folderId, context, 'folder_ids')).live;
  }

  async execute({ issuer, request }: RequestFileArchiveCommand): Promise<{ id: string; position: number }> {
    const member = await this.files.lookup.issuer(issuer);
    const files: ArchiveItem[] = [];
    for (const fileId of new Set(request.file_ids)) files.push({ id: fileId, visible: await this.fileVisible(issuer, fileId) });
    const folders: ArchiveItem[] = [];
    for (const folderId of new Set(request.folder_ids)) folders.push({ id: folderId, visible: await this.folderVisible(issuer, folderId) });
    const archiveId = randomUUID();
    const handled = await this.files.runner.run(REQUEST_FILE_ARCHIVE, {
      streamId: fileArchiveStream(archiveId),
      decider: fileArchiveDecider,
      command: { type: 'RequestFileArchive', archive_id: archiveId, member_id: member._id, files, folders, current_folder_id: request.current_folder_id ?? null },
      context: issuer,
    });
    return { id: archiveId, position: handled.position };
  }
}

@Controller('api/storage/archives')
export class RequestFileArchiveController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Export files and folders as a zip: the server builds it (progress over realtime, GET /api/storage/archives/{id}) and keeps it for download',
    tags: ['files'],
    auth: 'member',
    command: REQUEST_FILE_ARCHIVE,
    body: requestFileArchiveSchema,
    responses: {
      201: commandAnswer('created, { id, position }', requestFileArchiveAnswerSchema),
      400: 'validation_failed (file_ids: required when nothing is named; file_ids, folder_ids: too_many, invalid_type)',
      401: 'unauthenticated',
      403: 'invalid_csrf_token',
      404: 'not_found (file_ids.N, folder_ids.N: unknown, removed, or in a group the member is not in)',
    },
  })
  async request(@Issuer() issuer: CommandContext, @Payload() request: z.output<typeof requestFileArchiveSchema>, @Res({ passthrough: true }) res: Response) {
    const answer = await this.commands.execute(new RequestFileArchiveCommand(issuer, request));
    commandAccepted(res, answer.position);
    return answer;
  }
}
