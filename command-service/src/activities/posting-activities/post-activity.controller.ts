import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { activityEditRequestSchema, activityRequestSchema, createdAcceptedSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { POST_COMMANDS, PostActivityCommand } from './post-activity.command';

const tags = ['activities'];
const refusals = {
  400: 'validation_failed (content required, too_long; attachments too_big, invalid_type)',
  401: 'unauthenticated',
  403: 'forbidden (not a member of the group, an archived group, an external member in the network stream; editing or deleting another\'s post) or invalid_csrf_token',
  404: 'not_found (a stream or post the member may not see) or activity_deleted',
};
const postRefusals = { ...refusals, 422: 'unknown_attachment (attachments.N: a file the author may neither read nor owns as an upload)' };
type Body = z.output<typeof activityRequestSchema>;

@Controller('api/v1')
export class PostActivityController {
  constructor(private readonly commands: CommandBus) {}

  @Post('activitystreams/:slug/activities')
  @HttpCode(201)
  @Endpoint({
    summary: 'Post in a stream (\'network\' or a group\'s slug) { content, attachments? }; the rich text is sanitised before it is stored; attachments are file ids (own uploads or files the author may read), each pinned to its current version',
    tags,
    auth: 'member',
    command: POST_COMMANDS.post,
    body: activityRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), ...postRefusals },
  })
  async post(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: Body, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new PostActivityCommand(issuer, { slug: slug.toLowerCase(), activity_id: null, html_content: payload.content, attachments: payload.attachments }));
    return { id, ...commandAccepted(res, position) };
  }

  @Put('activities/:id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit one\'s own post { content, attachments? }: without attachments its files stay; with them the post carries exactly these (files it carries stay at their version, new ones as when posting)',
    tags,
    auth: 'member',
    command: POST_COMMANDS.edit,
    body: activityEditRequestSchema,
    responses: { 200: commandAnswer('accepted, { id, position }', createdAcceptedSchema), ...postRefusals },
  })
  async edit(@Issuer() issuer: CommandContext, @Param('id') id: string, @Payload() payload: z.output<typeof activityEditRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { position } = await this.commands.execute(new PostActivityCommand(issuer, { slug: null, activity_id: id, html_content: payload.content, attachments: payload.attachments }));
    return { id, ...commandAccepted(res, position) };
  }

  @Delete('activities/:id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a post (its author, the group\'s admins, network admins)', tags, auth: 'member', command: POST_COMMANDS.delete, responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new PostActivityCommand(issuer, { slug: null, activity_id: id, html_content: null }));
    return commandAccepted(res, position);
  }
}
