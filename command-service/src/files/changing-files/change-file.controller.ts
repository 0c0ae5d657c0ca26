import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  lockFileRequestSchema,
  moveRequestSchema,
  publishedAnswerSchema,
  publishFilesRequestSchema,
  renameFileRequestSchema,
  changeFileProfileRequestSchema,
  type CommandAccepted,
  type PublishFilesRequest,
} from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ChangeFileCommand, fileCommandName, PUBLISH_FILES, PublishFilesCommand, type FileChange } from './change-file.command';

const tags = ['files'];
const refusals = {
  401: 'unauthenticated',
  403: 'forbidden (the file\'s can.* flag) or invalid_csrf_token',
  404: 'not_found (unknown, removed, or a file of a group the member is not in)',
};
const accepted = commandAnswer('accepted, { position }');

@Controller('api/storage/files')
export class ChangeFileController {
  constructor(private readonly commands: CommandBus) {}

  private async change(issuer: CommandContext, fileId: string, change: FileChange, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeFileCommand(issuer, { file_id: fileId, change }));
    return commandAccepted(res, position);
  }

  @Post('publish')
  @HttpCode(200)
  @Endpoint({
    summary: 'The new-files form: publish the member\'s uploads (volatile) into one folder with a description; post_to_stream: the member posts them in the folder\'s stream (the group\'s, or the network\'s), once however often the form is sent',
    tags,
    auth: 'member',
    command: PUBLISH_FILES,
    body: publishFilesRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position, file_ids }', publishedAnswerSchema),
      400: 'validation_failed (files: required; folder_ids: required, too_many; description: too_long; files: file_type_not_accepted; file_profile: profiles_disabled; file_profile.{name}: unknown_property, required, too_long, invalid_date, invalid_value)',
      ...refusals,
      409: 'already_published (in another folder), concurrency_conflict',
      422: 'upload_removed',
    },
  })
  async publish(@Issuer() issuer: CommandContext, @Payload() payload: PublishFilesRequest, @Res({ passthrough: true }) res: Response) {
    const answer = await this.commands.execute(new PublishFilesCommand(issuer, payload));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Rename a file (expected_revision guards against overwriting a newer change)',
    tags,
    auth: 'member',
    command: fileCommandName('rename'),
    body: renameFileRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (name: required, too_long, invalid_name)', ...refusals, 409: 'file_finalized, file_locked, concurrency_conflict' },
  })
  rename(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof renameFileRequestSchema>, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'rename', name: body.name, expected_revision: body.expected_revision }, res);
  }

  @Put(':id/profile')
  @HttpCode(200)
  @Endpoint({
    summary: 'Replace a file\'s profile values (only while the network\'s file profiles are on; expected_revision guards against overwriting a newer change)',
    tags,
    auth: 'member',
    command: fileCommandName('profile'),
    body: changeFileProfileRequestSchema,
    responses: {
      200: accepted,
      400: 'validation_failed (file_profile: profiles_disabled; file_profile.{name}: unknown_property, required, too_long, invalid_date, invalid_value)',
      ...refusals,
      409: 'file_finalized, file_locked, concurrency_conflict',
    },
  })
  changeProfile(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof changeFileProfileRequestSchema>, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'profile', values: body.file_profile, expected_revision: body.expected_revision }, res);
  }

  @Put(':id/move')
  @HttpCode(200)
  @Endpoint({
    summary: 'Move a file into another folder of the same scope',
    tags,
    auth: 'member',
    command: fileCommandName('move'),
    body: moveRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (target_folder_id: required)', ...refusals, 409: 'file_finalized, file_locked, concurrency_conflict', 422: 'invalid_target' },
  })
  move(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof moveRequestSchema>, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'move', target_folder_id: body.target_folder_id, expected_revision: body.expected_revision }, res);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Remove a file (a volatile upload by its uploader, a published file with can.destroy)', tags, auth: 'member', command: fileCommandName('remove'), responses: { 200: accepted, ...refusals, 409: 'file_finalized, file_locked, concurrency_conflict' } })
  remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'remove' }, res);
  }

  @Put(':id/lock')
  @HttpCode(200)
  @Endpoint({
    summary: 'Lock a file until `locked_unitl` (the product\'s spelling; default: the network\'s lock period)',
    tags,
    auth: 'member',
    command: fileCommandName('lock'),
    body: lockFileRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (locked_unitl: invalid_date, too_big)', ...refusals, 409: 'file_finalized, file_locked (by another member), concurrency_conflict' },
  })
  lock(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() body: z.output<typeof lockFileRequestSchema>, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'lock', locked_until: body.locked_unitl ?? null }, res);
  }

  @Delete(':id/lock')
  @HttpCode(200)
  @Endpoint({ summary: 'Unlock a file (the member who locked it, or a scope admin)', tags, auth: 'member', command: fileCommandName('unlock'), responses: { 200: accepted, ...refusals, 409: 'file_locked, concurrency_conflict' } })
  unlock(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'unlock' }, res);
  }

  @Post(':id/finalize')
  @HttpCode(200)
  @Endpoint({
    summary: 'Finalize a file (can.finalize: who may change it, with no version awaiting approval): immutable from then on, still readable',
    tags,
    auth: 'member',
    command: fileCommandName('finalize'),
    responses: { 200: accepted, ...refusals, 409: 'file_finalized (already), file_locked, concurrency_conflict', 422: 'pending_versions (decide the proposed versions first)' },
  })
  finalize(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'finalize' }, res);
  }

  @Post(':id/pending_versions/:versionId/approve')
  @HttpCode(200)
  @Endpoint({ summary: 'Approve a pending version: it becomes the current version', tags, auth: 'member', command: fileCommandName('approve'), responses: { 200: accepted, ...refusals, 409: 'version_not_pending, concurrency_conflict' } })
  approve(@Issuer() issuer: CommandContext, @Param('id') id: string, @Param('versionId') versionId: string, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'approve', version_id: versionId }, res);
  }

  @Delete(':id/pending_versions/:versionId')
  @HttpCode(200)
  @Endpoint({ summary: 'Decline a pending version: it leaves the list', tags, auth: 'member', command: fileCommandName('decline'), responses: { 200: accepted, ...refusals, 409: 'version_not_pending, concurrency_conflict' } })
  decline(@Issuer() issuer: CommandContext, @Param('id') id: string, @Param('versionId') versionId: string, @Res({ passthrough: true }) res: Response) {
    return this.change(issuer, id, { type: 'decline', version_id: versionId }, res);
  }
}
