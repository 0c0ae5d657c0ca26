import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { appointmentTarget, contactAttendeesRequestSchema } from '@cn/contracts';
import { INFRASTRUCTURE, parseWith, type Infrastructure, type RequestContext } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { AppointmentWriter } from '../appointment-writer';

export class ContactAttendeesCommand extends Command<{ position: number }> {
  constructor(
    readonly id: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

/**
 * Records the message as AttendeesContacted, then mails each recipient separately (nobody sees the
 * others' addresses). Attachments: the platform has no file storage yet, so include_attachments is
 * recorded but nothing is attached.
 */
@CommandHandler(ContactAttendeesCommand)
export class ContactAttendeesHandler implements ICommandHandler<ContactAttendeesCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly writer: AppointmentWriter,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ id, body, ctx }: ContactAttendeesCommand): Promise<{ position: number }> {
    const member = await this.writer.member('ContactAttendees', ctx);
    const { contact } = parseWith(contactAttendeesRequestSchema, body);
    const handled = await this.writer.execute({
      name: 'ContactAttendees',
      ctx,
      member,
      appointmentId: appointmentTarget(id).appointmentId,
      build: ({ access, now }) => ({ type: 'ContactAttendees', ...contact, access, now }),
    });
    const contacted = handled.events.find((event) => event.type === 'AttendeesContacted');
    if (contacted?.type === 'AttendeesContacted') {
      const appointmentName = handled.state.fields?.name ?? '';
      const sender = `${member.first_name} ${member.last_name}`.trim();
      const recipients = await Promise.all(contacted.data.recipient_ids.map((memberId) => this.lookup.member(memberId)));
      for (const recipient of recipients) {
        if (!recipient || recipient.erased || !recipient.email) continue;
        await this.infra.mail.send({
          to: [recipient.email],
          subject: contact.subject,
          text: `${contact.text}\n\n—\n${sender} wrote to the participants of "${appointmentName}".`,
        });
      }
    }
    return { position: handled.position };
  }
}
