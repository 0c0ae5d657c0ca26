import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { updateChannelDesignRequestSchema, updateChannelLayoutRequestSchema, updateChannelRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANNEL_EDITS, EditChannelCommand, type ChannelEdit } from './edit-channel.command';

const tags = ['channels'];
const accepted = commandAnswer('accepted, { position }');
const refusals = { 401: 'unauthenticated', 403: 'forbidden (i.can.update false) or invalid_csrf_token', 404: 'not_found (also a draft or archived channel the member cannot update)' };

type Body<A extends ChannelEdit['action']> = Omit<Extract<ChannelEdit, { action: A }>, 'action'>;

@Controller('channels/:slug')
export class EditChannelController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({ summary: 'Edit a channel { channel: { title, description, status } }', tags, auth: 'member', command: CHANNEL_EDITS.update, body: updateChannelRequestSchema, responses: { 200: accepted, 400: 'validation_failed', ...refusals } })
  update(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: Body<'update'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.edit(issuer, slug, { action: 'update', ...payload }, res);
  }

  @Put('design')
  @HttpCode(200)
  @Endpoint({
    summary: 'Change a channel\'s design { design: { logo_type, banner_type, banner_color, banner_image, logo_image } }',
    tags,
    auth: 'member',
    command: CHANNEL_EDITS.design,
    body: updateChannelDesignRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (design.banner_image required for an image banner)', ...refusals },
  })
  design(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: Body<'design'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.edit(issuer, slug, { action: 'design', ...payload }, res);
  }

  @Put('layout')
  @HttpCode(200)
  @Endpoint({
    summary: 'Replace a channel\'s layout { rows: [{ layout: full|half-1-2|half-2-1|third, widgets: [id|null per cell] }] }',
    tags,
    auth: 'member',
    command: CHANNEL_EDITS.layout,
    body: updateChannelLayoutRequestSchema,
    responses: { 200: accepted, 400: 'validation_failed (rows.N.widgets invalid_cells, unknown_widget, duplicate_widget)', ...refusals },
  })
  layout(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: Body<'layout'>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.edit(issuer, slug, { action: 'layout', ...payload }, res);
  }

  private async edit(issuer: CommandContext, slug: string, edit: ChannelEdit, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new EditChannelCommand(issuer, { slug: slug.toLowerCase(), edit }));
    return commandAccepted(res, position);
  }
}
