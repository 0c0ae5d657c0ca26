import { isSealedSecret, upcastEventData } from '@cn/contracts';
import { createEsdbEventStore, createSqliteEventStore, rewriteSqliteEvents, type PersonalDataCipher } from '@cn/platform';
import { type EventStore, type RecordedEvent } from '@cn/domain';

/**
 * Events written before credentials were sealed (MemberRegistered v1) carry the scrypt hash in clear text.
 * The upcaster already keeps it out of every answer; this migration removes it from the log itself by
 * writing such events again as the current version with the hash sealed under the member's key.
 */

/** `data` with every legacy credential sealed under its subject's key, and whether there was one */
const sealLegacySecrets = async (value: unknown, cipher: PersonalDataCipher): Promise<{ value: unknown; sealed: boolean }> => {
  if (isSealedSecret(value)) return value.legacy ? { value: await cipher.sealSecret(value.subject, value.$secret), sealed: true } : { value, sealed: false };
  if (Array.isArray(value)) {
    const items = await Promise.all(value.map((item) => sealLegacySecrets(item, cipher)));
    return { value: items.map((item) => item.value), sealed: items.some((item) => item.sealed) };
  }
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await sealLegacySecrets(item, cipher)] as const));
    return { value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])), sealed: entries.some(([, item]) => item.sealed) };
  }
  return { value, sealed: false };
};

/**
 * The event as the current version writes it, its credentials sealed; null when it holds no clear-text
 * credential. Takes events as stored (version 1) or as the upcasting store answers them (legacy secrets).
 */
export const sealedVersionOf = async (event: RecordedEvent, cipher: PersonalDataCipher): Promise<RecordedEvent | null> => {
  const upcast = upcastEventData(event.type, event.metadata.schemaVersion, event.data);
  const { value, sealed } = await sealLegacySecrets(upcast.data, cipher);
  return sealed ? { ...event, data: value, metadata: { ...event.metadata, schemaVersion: upcast.schemaVersion } } : null;
};

export interface MigrationReport {
  /** events read */
  read: number;
  /** events whose credentials were sealed */
  sealed: number;
}

const BATCH = 1000;

/**
 * The embedded log, rewritten where it lies: each affected event gets its sealed data, positions and
 * revisions unchanged. Run it with every service stopped.
 */
export const reencryptSqliteLog = async (path: string, cipher: PersonalDataCipher): Promise<MigrationReport> => {
  const store = createSqliteEventStore({ path });
  const report: MigrationReport = { read: 0, sealed: 0 };
  const rewrites: RecordedEvent[] = [];
  try {
    for (let after = 0; ; ) {
      const batch = await store.readAll({ after, limit: BATCH });
      if (batch.length === 0) break;
      for (const event of batch) {
        report.read += 1;
        const sealed = await sealedVersionOf(event, cipher);
        if (sealed) rewrites.push(sealed);
      }
      after = batch[batch.length - 1].position;
    }
  } finally {
    await store.close();
  }
  rewriteSqliteEvents(path, rewrites);
  report.sealed = rewrites.length;
  return report;
};

/**
 * Any log copied into another (EventStoreDB never rewrites an event): every event in global order with
 * its id, stream and revision, credentials sealed. Ids make it resumable: an event already copied is
 * skipped by the target. Read models are then rebuilt against the new log.
 */
export const copyLogSealingCredentials = async (source: EventStore, target: EventStore, cipher: PersonalDataCipher): Promise<MigrationReport> => {
  const report: MigrationReport = { read: 0, sealed: 0 };
  for (let after = 0; ; ) {
    const batch = await source.readAll({ after, limit: BATCH });
    if (batch.length === 0) break;
    for (const event of batch) {
      report.read += 1;
      const sealed = await sealedVersionOf(event, cipher);
      if (sealed) report.sealed += 1;
      const written = sealed ?? event;
      await target.append(
        event.streamId,
        [{ id: written.id, type: written.type, data: written.data, metadata: written.metadata }],
        { expectedRevision: event.revision === 0 ? 'no_stream' : event.revision - 1 },
      );
    }
    after = batch[batch.length - 1].position;
  }
  return report;
};

/** `--copy-to` names an EventStoreDB connection string or an SQLite file */
export const openTarget = (target: string): EventStore =>
  target.startsWith('esdb://') || target.startsWith('esdb+discover://')
    ? createEsdbEventStore({ connectionString: target })
    : createSqliteEventStore({ path: target });
