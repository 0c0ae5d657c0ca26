import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { appointmentTarget, type contactAttendeesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type MailPort } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { AppointmentWriter } from '../appointment-writer';

export const CONTACT_ATTENDEES = 'ContactAttendees';

/** A participant with the right writes to the attendees of an appointment. */
export class ContactAttendeesCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof contactAttendeesRequestSchema> & { appointment_id: string },
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
    @InjectPort('mail') private readonly mail: MailPort,
    private readonly writer: AppointmentWriter,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { appointment_id: id, contact } }: ContactAttendeesCommand): Promise<{ position: number }> {
    const member = await this.writer.member(issuer);
    const handled = await this.writer.execute({
      name: CONTACT_ATTENDEES,
      issuer,
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
        await this.mail.send({
          to: [recipient.email],
          subject: contact.subject,
          text: `${contact.text}\n\n—\n${sender} wrote to the participants of "${appointmentName}".`,
        });
      }
    }
    return { position: handled.position };
  }
}
