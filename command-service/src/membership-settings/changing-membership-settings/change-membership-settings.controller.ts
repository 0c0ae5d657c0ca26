import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changeMembershipSettingsRequestSchema, type CommandAccepted, type RequestedMembershipSettings } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_MEMBERSHIP_SETTINGS, ChangeMembershipSettingsCommand } from './change-membership-settings.command';

@Controller('members')
export class ChangeMembershipSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id/settings')
  @HttpCode(200)
  @Endpoint({
    summary: "Change the member's own membership settings (id 'me' or their own id; digests, subscriptions, notifications, newsletter, administrator mails), as far as the network offers them",
    tags: ['membership-settings'],
    auth: 'member',
    command: CHANGE_MEMBERSHIP_SETTINGS,
    body: changeMembershipSettingsRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed; not_a_member (a selected group the member is not in)',
      401: 'unauthenticated',
      403: "forbidden (another member's settings)",
      409: 'concurrency_conflict',
      422: 'digests_disabled; forbidden (administrator mails for a non-administrator)',
    },
  })
  async handle(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: RequestedMembershipSettings,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    // 'me' names the signed-in member (the console's own settings page needs no id)
    const memberId = id === 'me' && issuer.memberId ? issuer.memberId : id;
    const { position } = await this.commands.execute(new ChangeMembershipSettingsCommand(issuer, { member_id: memberId, settings: payload }));
    return commandAccepted(res, position);
  }
}
