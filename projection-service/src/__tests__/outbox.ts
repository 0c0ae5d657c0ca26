import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** a mail as the file mail adapter leaves it in `<data dir>/outbox` */
export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

/** the mails sent so far by a harness on this data folder */
export const outboxMails = (dir: string): SentMail[] =>
  existsSync(join(dir, 'outbox'))
    ? readdirSync(join(dir, 'outbox'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
    : [];

/** a clock that runs on from `at` (the services' timers are armed against it) */
export const clockFrom = (at: number): (() => Date) => {
  const offset = at - Date.now();
  return () => new Date(Date.now() + offset);
};
