import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { widgetCreatedAcceptedSchema, widgetRequestSchema, type CommandAccepted, type WidgetCreatedAccepted } from '@cn/contracts';
import type { z } from 'zod';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ManageWidgetCommand, WIDGET_COMMANDS } from './manage-widgets.command';

const tags = ['channels'];
type WidgetRequestBody = z.output<typeof widgetRequestSchema>;
const refusals = { 401: 'unauthenticated', 403: 'forbidden (i.can.update false) or invalid_csrf_token', 404: 'not_found' };

@Controller('channels/:slug/widgets')
export class ManageWidgetsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Add a widget { widget: { type, title, ...its fields } } in a new full-width row at the bottom',
    tags,
    auth: 'member',
    command: WIDGET_COMMANDS.add,
    body: widgetRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position }', widgetCreatedAcceptedSchema),
      400: 'validation_failed (widget.type invalid_union, widget.member_ids.N unknown_member, widget.article_ids.N unknown_article)',
      ...refusals,
      422: 'too_many_widgets',
    },
  })
  async add(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: WidgetRequestBody, @Res({ passthrough: true }) res: Response): Promise<WidgetCreatedAccepted> {
    const { id, position } = await this.commands.execute(new ManageWidgetCommand(issuer, { slug: slug.toLowerCase(), widget_id: null, widget: payload.widget }));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Change a widget (it keeps its type)',
    tags,
    auth: 'member',
    command: WIDGET_COMMANDS.update,
    body: widgetRequestSchema,
    responses: { 200: commandAnswer('accepted, { id, position }', widgetCreatedAcceptedSchema), 400: 'validation_failed (widget.type type_unchangeable)', ...refusals },
  })
  async update(
    @Issuer() issuer: CommandContext,
    @Param('slug') slug: string,
    @Param('id') id: string,
    @Payload() payload: WidgetRequestBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WidgetCreatedAccepted> {
    const { position } = await this.commands.execute(new ManageWidgetCommand(issuer, { slug: slug.toLowerCase(), widget_id: id, widget: payload.widget }));
    return { id, ...commandAccepted(res, position) };
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Remove a widget (its cell in the layout empties)', tags, auth: 'member', command: WIDGET_COMMANDS.remove, responses: { 200: commandAnswer('accepted, { position }'), ...refusals } })
  async remove(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ManageWidgetCommand(issuer, { slug: slug.toLowerCase(), widget_id: id, widget: null }));
    return commandAccepted(res, position);
  }
}
