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

export interface OutboxMailOptions {
  dir: string;
  /** writes a mail's temporary file (tests inject a full disk here) */
  writeFile?: (path: string, data: string) => Promise<void>;
  logger?: { info(obj: object, msg?: string): void };
}

const writePrivateFile = (path: string, data: string): Promise<void> => writeFile(path, data, { mode: PRIVATE_FILE_MODE });

/** Embedded mail: one JSON file per mail in the outbox folder (attachments in base64). */
export const createOutboxMail = (options: OutboxMailOptions): MailPort => ({
  send: async (mail) => {
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
});
