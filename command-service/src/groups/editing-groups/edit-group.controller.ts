import { Controller, Delete, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { archiveAnswerSchema, redirectAnswerSchema, updateGroupRequestSchema, type CommandAccepted, type GroupChanges } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ChangeGroupCommand } from '../group-change.command';

const tags = ['groups'];
const refusals = { 401: 'unauthenticated', 403: 'forbidden (group and network admins only) or invalid_csrf_token', 404: 'not_found (unknown, or hidden from the member)' };

/** The edit page: the basic, join and misc tabs, and the danger zone (archive, unarchive, delete). */
@Controller('groups/:slug')
export class EditGroupController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit a group (only the fields sent change); access rules of the group form apply; an archived group is not edited',
    tags,
    auth: 'member',
    command: 'ChangeGroupDetails',
    body: updateGroupRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (group.name; group.access: open_not_allowed_for_sensitive, closed_not_allowed_for_main_group, hidden_not_allowed, access_locked; group.moderated_join; admin_only)',
      ...refusals,
      422: 'group_archived',
    },
  })
  async update(
    @Issuer() issuer: CommandContext,
    @Param('slug') slug: string,
    @Payload() payload: { group: GroupChanges },
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'ChangeGroupDetails', slug, change: { type: 'ChangeGroupDetails', changes: payload.group } }));
    return commandAccepted(res, position);
  }

  @Put('archive')
  @HttpCode(200)
  @Endpoint({ summary: 'Archive a group (its edit page then shows only the danger zone)', tags, auth: 'member', command: 'ArchiveGroup', responses: { 200: commandAnswer('{ archived, redirect_to, position }', archiveAnswerSchema), ...refusals } })
  async archive(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'ArchiveGroup', slug, change: { type: 'ArchiveGroup' } }));
    return { archived: true, redirect_to: `/groups/${slug}`, ...commandAccepted(res, position) };
  }

  @Delete('archive')
  @HttpCode(200)
  @Endpoint({ summary: 'Unarchive a group', tags, auth: 'member', command: 'UnarchiveGroup', responses: { 200: commandAnswer('{ archived, redirect_to, position }', archiveAnswerSchema), ...refusals } })
  async unarchive(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'UnarchiveGroup', slug, change: { type: 'UnarchiveGroup' } }));
    return { archived: false, redirect_to: `/groups/${slug}`, ...commandAccepted(res, position) };
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a group (the console asks for confirmation first)', tags, auth: 'member', command: 'DeleteGroup', responses: { 200: commandAnswer('{ redirect_to, position }', redirectAnswerSchema), ...refusals } })
  async remove(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response) {
    const { position } = await this.commands.execute(new ChangeGroupCommand(issuer, { name: 'DeleteGroup', slug, change: { type: 'DeleteGroup' } }));
    return { redirect_to: '/directory', ...commandAccepted(res, position) };
  }
}
