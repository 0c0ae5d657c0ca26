import { Controller, HttpCode, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { appNavigationRequestSchema, type AppNavigationRequest, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_APP_NAVIGATION, ChangeAppNavigationCommand } from './change-app-navigation.command';

@Controller()
export class ChangeAppNavigationController {
  constructor(private readonly commands: CommandBus) {}

  @Put('administration/app_navigation')
  @HttpCode(200)
  @Endpoint({
    summary: "Save the app's navigation: exactly five items at depth 1, 'more' last, one entry point (not a link or 'more'), at the revision read",
    tags: ['navigation'],
    auth: 'admin',
    command: CHANGE_APP_NAVIGATION,
    body: appNavigationRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed: items wrong_count, entry_point required/not_unique, items.N.options.url invalid_link, items.N.options.open_in same_host_webview, items.N.type more_not_last/taken, items.N.options.page required/not_found, items.N.label not_editable, items.N.options.activitystream not_allowed/not_found',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'concurrency_conflict',
    },
  })
  async change(@Issuer() issuer: CommandContext, @Payload() payload: AppNavigationRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeAppNavigationCommand(issuer, { ...payload, host: req.get('host') ?? '' }));
    return commandAccepted(res, position);
  }
}
