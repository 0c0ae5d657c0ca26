import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { mergeTagRequestSchema, renameTagRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { DELETE_TAG, DeleteTagCommand } from '../deleting-tag/delete-tag.command';
import { MERGE_TAGS, MergeTagsCommand } from '../merging-tags/merge-tags.command';
import { RENAME_TAG, RenameTagCommand } from './rename-tag.command';

const tags = ['tags'];

/** The administrators' tag commands (/administration/tags): rename, merge, delete. */
@Controller('administration/tags')
export class TagsAdministrationController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: "Rename one of the network's tags (its earlier name keeps leading to it)",
    tags,
    auth: 'admin',
    command: RENAME_TAG,
    body: renameTagRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (name)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'tag_name_taken or concurrency_conflict' },
  })
  async rename(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<RenameTagCommand['payload'], 'tag_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new RenameTagCommand(issuer, { ...payload, tag_id: id }));
    return commandAccepted(res, position);
  }

  @Post(':id/merge')
  @HttpCode(200)
  @Endpoint({
    summary: 'Merge a tag into another: its items and names go to the other tag, and it is gone',
    tags,
    auth: 'admin',
    command: MERGE_TAGS,
    body: mergeTagRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (into: required, same_tag, not_found)', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async merge(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<MergeTagsCommand['payload'], 'tag_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MergeTagsCommand(issuer, { ...payload, tag_id: id }));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete a tag: it leaves every item, and its name is free again',
    tags,
    auth: 'admin',
    command: DELETE_TAG,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeleteTagCommand(issuer, { tag_id: id }));
    return commandAccepted(res, position);
  }
}
