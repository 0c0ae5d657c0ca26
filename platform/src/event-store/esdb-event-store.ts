import type * as Esdb from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  JSONType,
  ReadPosition,
  ResolvedEvent,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
} from './event-store';
import { WrongExpectedRevisionError } from './event-store';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
}

/** page size of $all reads; system events are skipped client side, so a page may yield fewer events */
const READ_PAGE = 500;

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a store is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const esdb = (): typeof Esdb => require('@eventstore/db-client') as typeof Esdb;

type StoredEvent = NonNullable<ResolvedEvent['event']>;

const toEsdbRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? esdb().NO_STREAM : expected === 'any' ? esdb().ANY : BigInt(expected);

const fromEsdbRevision = (revision: unknown): number | 'no_stream' =>
  typeof revision === 'bigint' ? Number(revision) : 'no_stream';

/** `$`-prefixed types are EventStoreDB's own (stats, settings, metadata, links); never our events */
const isSystemEvent = (event: StoredEvent): boolean => event.type.startsWith('$');

const commitPosition = (event: StoredEvent): number => {
  if (!event.position) throw new Error(`event ${event.id} was read without its position`);
  return Number(event.position.commit);
};

const toRecorded = (event: StoredEvent): RecordedEvent => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: event.metadata as unknown as EventMetadata,
  streamId: event.streamId,
  revision: Number(event.revision),
  position: commitPosition(event),
  recordedAt: event.created.toISOString(),
});

/** positions of our events are commit positions; ESDB needs both halves, which are equal for normal appends */
const readPositionAfter = (after: number): ReadPosition =>
  after <= 0 ? esdb().START : { commit: BigInt(after), prepare: BigInt(after) };

export const createEsdbEventStore = (options: EsdbEventStoreOptions): EventStore => {
  const driver = esdb();
  const client = driver.EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = new Set<EventSubscription>();
  let closed = false;

  const lastEventOf = async (streamId: string, fromRevision?: number): Promise<StoredEvent | null> => {
    try {
      for await (const resolved of client.readStream(streamId, {
        direction: driver.BACKWARDS,
        fromRevision: fromRevision === undefined ? driver.END : BigInt(fromRevision),
        maxCount: 1,
      })) {
        if (resolved.event) return resolved.event;
      }
      return null;
    } catch (error) {
      if (error instanceof driver.StreamNotFoundError) return null;
      throw error;
    }
  };

  const append: EventStore['append'] = async (
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision },
  ): Promise<AppendResult> => {
    if (events.length === 0) {
      const last = await lastEventOf(streamId);
      const actual = last === null ? 'no_stream' : Number(last.revision);
      if (expectedRevision !== 'any' && expectedRevision !== actual) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      return { nextExpectedRevision: last === null ? -1 : Number(last.revision), position: last ? commitPosition(last) : 0 };
    }
    let nextExpectedRevision: bigint;
    try {
      const result = await client.appendToStream(
        streamId,
        // our ids are the ESDB event ids, so that ESDB's own idempotence check makes a retried append a no-op
        events.map((event) =>
          driver.jsonEvent({
            id: event.id,
            type: event.type,
            data: event.data as JSONType,
            metadata: event.metadata as unknown as JSONType,
          }),
        ),
        { expectedRevision: toEsdbRevision(expectedRevision) },
      );
      nextExpectedRevision = result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof driver.WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, fromEsdbRevision(error.actualVersion));
      }
      throw error;
    }
    // The write result's position is absent for an idempotent retry and is the transaction's, not
    // necessarily the last event's: read the last appended event back for its exact commit position.
    const last = await lastEventOf(streamId, Number(nextExpectedRevision));
    if (last === null) throw new Error(`stream ${streamId}: appended event not found at ${String(nextExpectedRevision)}`);
    return { nextExpectedRevision: Number(nextExpectedRevision), position: commitPosition(last) };
  };

  const readStream: EventStore['readStream'] = async (streamId, readOptions = {}) => {
    const events: RecordedEvent[] = [];
    const from = readOptions.fromRevision ?? 0;
    try {
      for await (const resolved of client.readStream(streamId, {
        direction: driver.FORWARDS,
        fromRevision: from === 0 ? driver.START : BigInt(from),
      })) {
        if (resolved.event && !isSystemEvent(resolved.event)) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof driver.StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  const readAll: EventStore['readAll'] = async (readOptions: ReadAllOptions = {}) => {
    const limit = readOptions.limit ?? Number.POSITIVE_INFINITY;
    let after = readOptions.after ?? 0;
    const events: RecordedEvent[] = [];
    while (events.length < limit) {
      let read = 0;
      for await (const resolved of client.readAll({
        direction: driver.FORWARDS,
        fromPosition: readPositionAfter(after),
        maxCount: READ_PAGE,
        resolveLinkTos: false,
      }) as AsyncIterable<AllStreamResolvedEvent>) {
        const event = resolved.event;
        if (!event) continue;
        const position = commitPosition(event);
        // fromPosition is inclusive; `after` is not
        if (position <= after) continue;
        read += 1;
        after = position;
        if (isSystemEvent(event)) continue;
        events.push(toRecorded(event));
        if (events.length >= limit) break;
      }
      if (read === 0) break;
    }
    return events;
  };

  // `types` is not looked at: the client's reads of $all take no type filter (only its subscriptions do), and a
  // backwards read filtered here could walk the whole log for a rare type; the head is a later, correct answer
  const headPosition: EventStore['headPosition'] = async () => {
    let from: ReadPosition = driver.END;
    for (;;) {
      let read = 0;
      let oldest: StoredEvent | null = null;
      const page = client.readAll({
        direction: driver.BACKWARDS,
        fromPosition: from,
        maxCount: READ_PAGE,
        resolveLinkTos: false,
      }) as AsyncIterable<AllStreamResolvedEvent>;
      for await (const resolved of page) {
        const event: StoredEvent | undefined = resolved.event;
        if (!event) continue;
        read += 1;
        if (!isSystemEvent(event)) return commitPosition(event);
        oldest = event;
      }
      if (read < READ_PAGE || oldest?.position === undefined) return 0;
      // backwards reads include fromPosition: step below the oldest event seen
      from = { commit: oldest.position.commit - 1n, prepare: oldest.position.prepare - 1n };
    }
  };

  const subscribeToAll: EventStore['subscribeToAll'] = ({ after }, handler, onError) => {
    const source = client.subscribeToAll({
      fromPosition: readPositionAfter(after),
      filter: driver.excludeSystemEvents(),
      resolveLinkTos: false,
    });
    let stopped = false;
    const running = (async () => {
      try {
        // iterating awaits the handler before the next event is pulled: one at a time, in order
        for await (const resolved of source as AsyncIterable<AllStreamResolvedEvent>) {
          if (stopped) break;
          const event = resolved.event;
          if (!event || isSystemEvent(event) || commitPosition(event) <= after) continue;
          await handler(toRecorded(event));
        }
      } catch (error) {
        if (!stopped) onError?.(error);
      } finally {
        stopped = true;
        await source.unsubscribe().catch(() => undefined);
      }
    })();
    const subscription: EventSubscription = {
      stop: async () => {
        if (!stopped) {
          stopped = true;
          await source.unsubscribe();
        }
        await running;
        subscriptions.delete(subscription);
      },
    };
    subscriptions.add(subscription);
    return subscription;
  };

  return {
    append,
    readStream,
    readAll,
    headPosition,
    subscribeToAll,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
};
