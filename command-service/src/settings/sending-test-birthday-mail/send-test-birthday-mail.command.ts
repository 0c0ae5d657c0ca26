import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { composeBirthdayMail } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type MailPort } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';

export const SEND_TEST_BIRTHDAY_MAIL = 'SendTestBirthdayMail';

/**
 * `POST /administration/settings/send_test_birthday_email`: the network's birthday mail as the members get
 * it, mailed at once to the administrator who asks (also while the mails are off, to see them first).
 * Nothing of the network changes, so nothing is appended.
 */
export class SendTestBirthdayMailCommand extends Command<void> {
  constructor(readonly issuer: CommandContext) {
    super();
  }
}

@CommandHandler(SendTestBirthdayMailCommand)
export class SendTestBirthdayMailHandler implements ICommandHandler<SendTestBirthdayMailCommand> {
  constructor(
    private readonly lookup: CommandLookup,
    @InjectPort('mail') private readonly mail: MailPort,
  ) {}

  async execute({ issuer }: SendTestBirthdayMailCommand): Promise<void> {
    const admin = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    const name = `${admin.first_name} ${admin.last_name}`.trim() || admin.email;
    const mail = composeBirthdayMail(settings.mail.birthday_emails, { name, network_name: settings.basic.name, language: settings.basic.language });
    await this.mail.send({ to: [admin.email], ...mail });
  }
}
