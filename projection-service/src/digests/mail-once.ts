import { versionOf, writeIfVersion, type DocumentStore, type Mail, type MailPort } from '@cn/platform';

export const MAIL_KEYS_COLLECTION = '_mail_keys';
/** how long a process's claim on a key keeps the others from sending it (a process that died loses it then) */
export const MAIL_SEND_LEASE_MS = 5 * 60_000;

interface MailKey {
  [field: string]: unknown;
  _id: string;
  /** the mail went out (ISO) */
  sent_at?: string;
  /** a process is sending it until then (ISO) */
  sending_until?: string;
  _version?: number;
}

const writeIf = (store: DocumentStore, key: string, read: MailKey | null, doc: MailKey | null): Promise<boolean> => writeIfVersion(store, MAIL_KEYS_COLLECTION, key, read, doc);

/**
 * Sends a mail at most once per key (`digest:<member>:<slot>`, `notification:<event>:<member>`): a job
 * retried after it sent the mail but before it recorded so (a crash, a failed append) finds the key and
 * does not send again. Several processes sharing the store (replicas) claim the key first, in one
 * conditional write: only the one that wins sends, the others answer false at once. A failed send drops the
 * claim (a retry sends); a claim whose process died lapses after `MAIL_SEND_LEASE_MS`. Only a crash between
 * the mail port accepting the mail and the key being marked sent could send it twice.
 */
export const sendMailOnce = async (store: DocumentStore, mail: MailPort, key: string, message: Mail, clock: () => Date): Promise<boolean> => {
  const stored = await store.collection<MailKey>(MAIL_KEYS_COLLECTION).get(key);
  const now = clock().getTime();
  if (stored && (stored.sent_at || (stored.sending_until !== undefined && Date.parse(stored.sending_until) > now))) return false;
  const claim: MailKey = { _id: key, sending_until: new Date(now + MAIL_SEND_LEASE_MS).toISOString() };
  if (!(await writeIf(store, key, stored, claim))) return false;
  const claimed = { ...claim, _version: versionOf(stored) + 1 };
  try {
    await mail.send(message);
  } catch (error) {
    await writeIf(store, key, claimed, null).catch(() => false);
    throw error;
  }
  await writeIf(store, key, claimed, { _id: key, sent_at: clock().toISOString() });
  return true;
};

