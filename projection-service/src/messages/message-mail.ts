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
    batchSubject: (count: number) => `${count} neue Nachrichten`,
    batchSent: (count: number) => `du hast ${count} neue Nachrichten bekommen:`,
    from: (author: string) => `von ${author}`,
    inbox: 'Alle Nachrichten:',
  },
  en: {
    subject: (author: string) => `New message from ${author}`,
    hello: (name: string) => `Hello ${name},`,
    sent: (author: string) => `${author} sent you a message.`,
    untitled: '(no subject)',
    attachments: (count: number) => `${count} ${count === 1 ? 'attachment' : 'attachments'} in the message.`,
    read: 'Read and reply:',
    settings: 'Choose which mails you get here:',
    batchSubject: (count: number) => `${count} new messages`,
    batchSent: (count: number) => `you received ${count} new messages:`,
    from: (author: string) => `from ${author}`,
    inbox: 'All messages:',
  },
} as const;

/**
 * The mail telling a member of a direct message they received. Its subject and text are in it only when
 * the network's `notifications_send_direct_message_body` is on; otherwise it names the author and links
 * to the message, and the member reads it signed in. Attachments are never mailed, only counted.
 */
const wordsOf = (network: MessageMailInput['network']) => WORDS[network.language.startsWith('de') ? 'de' : 'en'];
const linkOf = (network: MessageMailInput['network']) => (path: string) => `${network.base_url.replace(/\/$/, '')}${path}`;

export const composeMessageMail = (input: MessageMailInput): Mail => {
  const words = wordsOf(input.network);
  const link = linkOf(input.network);
  const lines: string[] = [words.hello(input.member.name), '', words.sent(input.message.author_name)];
  if (input.network.send_body) {
    lines.push('', input.message.subject.trim() === '' ? words.untitled : input.message.subject, '', input.message.content);
    if (input.message.attachments > 0) lines.push('', words.attachments(input.message.attachments));
  }
  lines.push('', words.read, link(`/messages/${encodeURIComponent(input.message.id)}`));
  lines.push('', words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`));
  return { to: [input.member.email], subject: `${input.network.name}: ${words.subject(input.message.author_name)}`, text: lines.join('\n') };
};

export interface MessageBatchMailInput {
  member: MessageMailInput['member'];
  network: MessageMailInput['network'];
  /** oldest first */
  messages: ReadonlyArray<MessageMailInput['message']>;
}

/**
 * One mail for several messages a member received within the batching window: each with its author and
 * link, its subject and text only where the network sends message bodies.
 */
export const composeMessageBatchMail = (input: MessageBatchMailInput): Mail => {
  const words = wordsOf(input.network);
  const link = linkOf(input.network);
  const count = input.messages.length;
  const lines: string[] = [words.hello(input.member.name), '', words.batchSent(count)];
  for (const message of input.messages) {
    lines.push('', input.network.send_body ? `${message.subject.trim() === '' ? words.untitled : message.subject} (${words.from(message.author_name)})` : words.sent(message.author_name));
    if (input.network.send_body) {
      lines.push(message.content);
      if (message.attachments > 0) lines.push(words.attachments(message.attachments));
    }
    lines.push(link(`/messages/${encodeURIComponent(message.id)}`));
  }
  lines.push('', words.inbox, link('/messages'));
  lines.push('', words.settings, link(`/members/${encodeURIComponent(input.member.id)}/settings/edit`));
  return { to: [input.member.email], subject: `${input.network.name}: ${words.batchSubject(count)}`, text: lines.join('\n') };
};
