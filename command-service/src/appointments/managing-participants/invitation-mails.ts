import type { AppointmentFields, NetworkSettings } from '@cn/contracts';
import type { MailPort } from '@cn/platform';
import type { CommandLookup } from '../../lookup/command-lookup';

interface Invitation {
  appointmentId: string;
  fields: AppointmentFields | null;
  inviter: { first_name: string; last_name: string };
  /** members who start as invited (those added as accepted or declined need no invitation) */
  invitedIds: readonly string[];
  language: NetworkSettings['basic']['language'];
}

const texts = {
  de: {
    subject: (name: string) => `Einladung: ${name}`,
    body: (inviter: string, name: string, when: string, link: string) =>
      `${inviter} lädt dich zu „${name}“ ein (${when}).\n\nZusagen oder absagen: ${link}`,
  },
  en: {
    subject: (name: string) => `Invitation: ${name}`,
    body: (inviter: string, name: string, when: string, link: string) =>
      `${inviter} invites you to "${name}" (${when}).\n\nAccept or decline: ${link}`,
  },
} as const;

const whenOf = (fields: AppointmentFields | null, language: 'de' | 'en'): string => {
  if (!fields) return '';
  const options: Intl.DateTimeFormatOptions = fields.date.all_day
    ? { dateStyle: 'full', timeZone: fields.date.time_zone ?? 'UTC' }
    : { dateStyle: 'full', timeStyle: 'short', timeZone: fields.date.time_zone ?? 'UTC' };
  try {
    return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', options).format(new Date(fields.date.start));
  } catch {
    return fields.date.start;
  }
};

/**
 * Mails each newly invited member when the organizer asked for it (send_email_notification), after
 * the invitation was recorded; one mail per member so that nobody sees the others' addresses.
 */
export const sendInvitationMails = async (mail: MailPort, lookup: CommandLookup, invitation: Invitation): Promise<void> => {
  const language = invitation.language.startsWith('de') ? 'de' : 'en';
  const text = texts[language];
  const name = invitation.fields?.name ?? '';
  const inviter = `${invitation.inviter.first_name} ${invitation.inviter.last_name}`.trim();
  const link = `/appointments/${invitation.appointmentId}`;
  for (const memberId of invitation.invitedIds) {
    const recipient = await lookup.member(memberId);
    if (!recipient || recipient.erased || !recipient.email) continue;
    await mail.send({
      to: [recipient.email],
      subject: text.subject(name),
      text: text.body(inviter, name, whenOf(invitation.fields, language), link),
    });
  }
};
