import type { Mail } from '@cn/platform';

export interface MessageMailInput {
  member: { id: string; email: string; name: string };
  network: { name: string; base_url: string; language: string; send_body: boolean };
  message: { id: string; author_name: string; subject: string; content: string; attachments: number };
}

const WORDS = {
  de: {
    subject: (author: string) => `Neue Nachricht von ${author}`,
    hello: (name: string) => `Hallo ${name},`,
    sent: (author: string) => `${author} hat dir eine Nachricht geschickt.`,
    untitled: '(kein Betreff)',
    attachments: (count: number) => `${count} ${count === 1 ? 'Anhang' : 'Anhänge'} in der Nachricht.`,
    read: 'Lesen und antworten:',
    settings: 'Welche E-Mails du bekommst, stellst du hier ein:',
  },
  en: {
    subject: (author: string) => `New message from ${author}`,
    hello: (name: string) => `Hello ${name},`,
    sent: (author: string) => `${author} sent you a message.`,
    untitled: '(no subject)',
    attachments: (count: number) => `${count} ${count === 1 ? 'attachment' : 'attachments'} in the message.`,
    read: 'Read and reply:',
    settings: 'Choose which mails you get here:',
  },
} as const;

/**
 * The mail telling a member of a direct message they received. Its subject and text are in it only when
 * the network's `notifications_send_direct_message_body` is on; otherwise it names the author and links
 * to the message, and the member reads it signed in. Attachments are never mailed, only counted.
 */
export const composeMessageMail = (input: MessageMailInput): Mail => {
  const words = WORDS[input.network.language.startsWith('de') ? 'de' : 'en'];
  const link = (path: string) => `${input.network.base_url.replace(/\/$/, '')}${path}`;
  const lines: string[] = [words.hello(input.member.name), '', words.sent(input.message.author_name)];
  if (input.network.send_body) {
    lines.push('', input.message.subject.trim() === '' ? words.untitled : input.message.subject, '', input.message.content);
    if (input.message.attachments > 0) lines.push('', words.attachments(input.message.attachments));
  }
  lines.push('', words.read, link(`/messages/${encodeURIComponent(input.message.id)}`));
  lines.push('', words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`));
  return { to: [input.member.email], subject: `${input.network.name}: ${words.subject(input.message.author_name)}`, text: lines.join('\n') };
};
