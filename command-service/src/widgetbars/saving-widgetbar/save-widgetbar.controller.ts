import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { widgetBarRequestSchema, widgetBarSlugSchema, type CommandAccepted, type WidgetBarRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, HttpProblem, Issuer, Payload } from '@cn/platform';
import { SAVE_WIDGETBAR, SaveWidgetBarCommand } from './save-widgetbar.command';

const responses = {
  200: commandAnswer('accepted, { position }'),
  400: 'validation_failed (each widget type with its properties; count an integer from 0; widget_only_in_groups: group_info in a network bar)',
  401: 'unauthenticated',
  403: 'forbidden',
  409: 'concurrency_conflict',
};

/** a bar's slug from the path: lower-case letters, digits and underscores */
const slugOf = (raw: string): string => {
  if (!widgetBarSlugSchema.safeParse(raw).success) throw new HttpProblem(400, 'validation_failed', [{ field: 'slug', key: 'invalid_format' }]);
  return raw;
};

@Controller()
export class SaveWidgetBarController {
  constructor(private readonly commands: CommandBus) {}

  @Put('administration/widgetbars/:slug.json')
  @HttpCode(200)
  @Endpoint({ summary: 'Save a network widget bar (its widgets, in order)', tags: ['widgetbars'], auth: 'admin', command: SAVE_WIDGETBAR, body: widgetBarRequestSchema, responses })
  async network(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: WidgetBarRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SaveWidgetBarCommand(issuer, { ...payload, slug: slugOf(slug), group_id: null }));
    return commandAccepted(res, position);
  }

  @Put('groups/:groupId/administration/widgetbars/:slug.json')
  @HttpCode(200)
  @Endpoint({
    summary: "Save a group's widget bar (the group's administrators and network administrators)",
    tags: ['widgetbars'],
    auth: 'member',
    command: SAVE_WIDGETBAR,
    body: widgetBarRequestSchema,
    responses: { ...responses, 404: 'not_found' },
  })
  async group(
    @Issuer() issuer: CommandContext,
    @Param('groupId') groupId: string,
    @Param('slug') slug: string,
    @Payload() payload: WidgetBarRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SaveWidgetBarCommand(issuer, { ...payload, slug: slugOf(slug), group_id: groupId }));
    return commandAccepted(res, position);
  }
}
