import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { navigationRequestSchema, type CommandAccepted, type NavigationRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_NAVIGATION, ChangeNavigationCommand } from './change-navigation.command';

const responses = {
  200: commandAnswer('accepted, { position }'),
  400: 'validation_failed (empty_fields: an item without text, or without a link (or target) and children; unknown_page / unknown_app: a target that does not exist)',
  401: 'unauthenticated',
  403: 'forbidden',
  409: 'concurrency_conflict',
};

@Controller()
export class ChangeNavigationController {
  constructor(private readonly commands: CommandBus) {}

  @Put('administration/navigation')
  @HttpCode(200)
  @Endpoint({ summary: "Save the network's navigation (items with text and a link or children, depth 2)", tags: ['navigation'], auth: 'admin', command: CHANGE_NAVIGATION, body: navigationRequestSchema, responses })
  async network(@Issuer() issuer: CommandContext, @Payload() payload: NavigationRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNavigationCommand(issuer, { ...payload, group_slug: null }));
    return commandAccepted(res, position);
  }

  @Put('groups/:slug/administration/navigation')
  @HttpCode(200)
  @Endpoint({
    summary: "Save a group's navigation (its administrators and network administrators)",
    tags: ['navigation'],
    auth: 'member',
    command: CHANGE_NAVIGATION,
    body: navigationRequestSchema,
    responses: { ...responses, 404: 'not_found' },
  })
  async group(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: NavigationRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNavigationCommand(issuer, { ...payload, group_slug: slug }));
    return commandAccepted(res, position);
  }

  @Put('group-categories/:slug/administration/navigation')
  @HttpCode(200)
  @Endpoint({
    summary: "Save a group category's navigation (its administrators and network administrators)",
    tags: ['navigation'],
    auth: 'member',
    command: CHANGE_NAVIGATION,
    body: navigationRequestSchema,
    responses: { ...responses, 404: 'not_found' },
  })
  async category(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: NavigationRequest, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeNavigationCommand(issuer, { ...payload, group_slug: null, category_slug: slug }));
    return commandAccepted(res, position);
  }
}
