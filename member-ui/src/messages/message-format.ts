import type { MessageDto } from '@cn/contracts';

const two = (value: number): string => String(value).padStart(2, '0');

/** §2: a row's date, DD.MM.YYYY HH:mm in the member's time zone */
export const messageDate = (iso: string): string => {
  const date = new Date(iso);
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
};

/** subject prefixed once: 'Re: Re: Re: x' never happens */
export const prefixed = (prefix: string, subject: string): string => (subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix}${subject}`.trim());

/** the quoted original below a forward */
export const quoted = (message: MessageDto, header: string): string => `\n\n${header}\n${message.content.split('\n').map((line) => `> ${line}`).join('\n')}`;
