import { randomUUID } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@cn/platform/files';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** an HTML alternative of the text (a newsletter in its template); already sanitised by the sender */
  html?: string;
  attachments?: { filename: string; content: Buffer }[];
}

export interface MailPort {
  send(mail: Mail): Promise<void>;
}

/**
 * A mail server refused a recipient or the message (as nodemailer reports an SMTP reply: `responseCode`,
 * `response`). 5xx is permanent: the address is bounce-listed; 4xx may be tried again.
 */
export class MailRejectedError extends Error {
  constructor(
    readonly recipient: string,
    readonly responseCode: number,
    readonly response: string,
  ) {
    super(`mail to a recipient refused: ${responseCode}`);
    this.name = 'MailRejectedError';
  }
}

/** a permanent refusal (SMTP 5xx) of one recipient, from any adapter reporting nodemailer's `responseCode` */
export const permanentRejectionOf = (error: unknown): { responseCode: number; response: string } | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 ? { responseCode, response: typeof response === 'string' ? response : '' } : null;
};

/** the outbox adapter with its test hook: addresses it refuses like a mail server would (address → SMTP reply) */
export interface OutboxMailPort extends MailPort {
  readonly rejections: Map<string, { responseCode: number; response: string }>;
}

export interface OutboxMailOptions {
  dir: string;
  /** writes a mail's temporary file (tests inject a full disk here) */
  writeFile?: (path: string, data: string) => Promise<void>;
  logger?: { info(obj: object, msg?: string): void };
}

const writePrivateFile = (path: string, data: string): Promise<void> => writeFile(path, data, { mode: PRIVATE_FILE_MODE });

/** Embedded mail: one JSON file per mail in the outbox folder (attachments in base64). */
export const createOutboxMail = (options: OutboxMailOptions): OutboxMailPort => {
  const rejections = new Map<string, { responseCode: number; response: string }>();
  return {
    rejections,
    send: async (mail) => {
      // like SMTP's RCPT TO: a refused recipient refuses the mail (the callers send one recipient per mail)
      for (const to of mail.to) {
        const rejection = rejections.get(to.toLowerCase());
        if (rejection) throw new MailRejectedError(to, rejection.responseCode, rejection.response);
      }
      await mkdir(options.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const sentAt = new Date().toISOString();
      const fileName = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      const body = {
        sentAt,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        attachments: (mail.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentBase64: attachment.content.toString('base64'),
        })),
      };
      // written under a temporary name first, so a reader of the folder never sees half a mail
      const temporary = join(options.dir, `.${fileName}.tmp`);
      try {
        await (options.writeFile ?? writePrivateFile)(temporary, JSON.stringify(body, null, 2));
        await rename(temporary, join(options.dir, fileName));
      } catch (error) {
        // a full disk leaves no half-written mail behind; the caller answers storage_unavailable
        await rm(temporary, { force: true });
        throw error;
      }
      options.logger?.info({ to: mail.to, subject: mail.subject, file: fileName }, 'mail written to the outbox');
    },
  };
};
