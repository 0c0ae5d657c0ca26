import type { DocumentStore, Mail, MailPort } from '@cn/platform';

export const MAIL_KEYS_COLLECTION = '_mail_keys';

interface MailKey {
  [field: string]: unknown;
  _id: string;
  sent_at: string;
}

/**
 * Sends a mail at most once per key (`digest:<member>:<slot>`, `notification:<event>:<member>`): a job
 * retried after it sent the mail but before it recorded so (a crash, a failed append) finds the key and
 * does not send again. The key is written right after the mail port accepted the mail; only a crash in
 * between those two steps could send it twice.
 */
export const sendMailOnce = async (store: DocumentStore, mail: MailPort, key: string, message: Mail, clock: () => Date): Promise<boolean> => {
  const keys = store.collection<MailKey>(MAIL_KEYS_COLLECTION);
  if (await keys.get(key)) return false;
  await mail.send(message);
  await keys.upsert({ _id: key, sent_at: clock().toISOString() });
  return true;
};
