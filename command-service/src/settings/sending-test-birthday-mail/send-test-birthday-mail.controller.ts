import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { Endpoint, Issuer } from '@cn/platform';
import { SEND_TEST_BIRTHDAY_MAIL, SendTestBirthdayMailCommand } from './send-test-birthday-mail.command';

@Controller('administration/settings/send_test_birthday_email')
export class SendTestBirthdayMailController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(204)
  @Endpoint({
    summary: "Mails the network's birthday mail (subject and text of the mail settings) to the signed-in administrator at once",
    tags: ['settings'],
    auth: 'admin',
    command: SEND_TEST_BIRTHDAY_MAIL,
    responses: { 204: 'mailed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token' },
  })
  async send(@Issuer() issuer: CommandContext): Promise<void> {
    await this.commands.execute(new SendTestBirthdayMailCommand(issuer));
  }
}
