import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { createdAnswerSchema, createFolderRequestSchema, editFolderRequestSchema, moveRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_FOLDER, DELETE_FOLDER, EDIT_FOLDER, MOVE_FOLDER, ManageFolderCommand } from './manage-folders.command';

const tags = ['files'];
const refusals = {
  401: 'unauthenticated',
  403: 'forbidden (can.update / can.destroy of the folder, can.create_subfolders of the target) or invalid_csrf_token',
  404: 'not_found (unknown, deleted, or a group folder of a group the member is not in)',
};

@Controller('api/storage/folders')
export class ManageFoldersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'New folder under a folder (`root` for the network, `root-{groupId}` for a group)',
    tags,
    auth: 'member',
    command: CREATE_FOLDER,
    body: createFolderRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAnswerSchema), 400: 'validation_failed (name: required, too_long, invalid_name; description: too_long; folder_profile: profiles_disabled; folder_profile.{name}: unknown_property, required, too_long, invalid_date, invalid_value)', ...refusals },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() request: z.output<typeof createFolderRequestSchema>, @Res({ passthrough: true }) res: Response) {
    const answer = await this.commands.execute(new ManageFolderCommand(issuer, { type: 'create', request }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit a folder (name, description); expected_revision guards against overwriting a newer edit',
    tags,
    auth: 'member',
    command: EDIT_FOLDER,
    body: editFolderRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (name: required, too_long, invalid_name; folder_profile: as for a new folder)', ...refusals, 409: 'concurrency_conflict' },
  })
  async edit(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() request: z.output<typeof editFolderRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ManageFolderCommand(issuer, { type: 'edit', folder_id: id, request }));
    return commandAccepted(res, position);
  }

  @Put(':id/move')
  @HttpCode(200)
  @Endpoint({
    summary: 'Move a folder into another folder of the same scope',
    tags,
    auth: 'member',
    command: MOVE_FOLDER,
    body: moveRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (target_folder_id: required)', ...refusals, 409: 'concurrency_conflict', 422: 'invalid_target (another scope, the folder itself or one below it)' },
  })
  async move(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() request: z.output<typeof moveRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ManageFolderCommand(issuer, { type: 'move', folder_id: id, request }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a folder (it and what it holds leave every list; the files keep their history)', tags, auth: 'member', command: DELETE_FOLDER, responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 409: 'concurrency_conflict' } })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ManageFolderCommand(issuer, { type: 'delete', folder_id: id }));
    return commandAccepted(res, position);
  }
}
