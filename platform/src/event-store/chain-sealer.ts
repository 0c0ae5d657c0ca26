import { createHash, randomUUID } from 'node:crypto';
import type { ChainVerification } from '@cn/domain';
import type { EventStore, RecordedEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';

/**
 * The hash chain of a store that cannot chain in its append transaction (EventStoreDB): a chaining process
 * reads `$all` in global order, links every event to its predecessor (SHA-256 over the predecessor's link
 * and the event's content as stored) and appends the links as seals to a chain stream of its own. Verify
 * walks the history again and compares each event's link with the sealed one, naming the first that does
 * not follow. The seals themselves are not chained (they would change the head they attest).
 */
export const CHAIN_SEAL_STREAM = 'cn-chain-seals';
export const CHAIN_SEALED = 'ChainSealed';

/** events sealed per seal at most */
const SEAL_BATCH = 500;

export interface ChainSeal {
  /** the link before the first sealed event ('' before the first event) */
  previous: string;
  /** [position, link] of each sealed event, in global order */
  links: Array<[number, string]>;
}

/** one link: the predecessor's link and the event's content as read back (never upcast) */
export const sealLink = (previous: string, event: Pick<RecordedEvent, 'id' | 'streamId' | 'revision' | 'type' | 'data' | 'metadata' | 'recordedAt'>): string =>
  createHash('sha256')
    .update(JSON.stringify([previous, event.id, event.streamId, event.revision, event.type, event.data, event.metadata, event.recordedAt]))
    .digest('hex');

const isSeal = (event: RecordedEvent): boolean => event.streamId === CHAIN_SEAL_STREAM;

interface SealedState {
  /** the sealed links by position */
  links: Map<number, string>;
  last: { position: number; hash: string } | null;
  /** the seal stream's revision (-1: none) */
  revision: number;
}

const readSeals = async (store: EventStore): Promise<SealedState> => {
  const seals = await store.readStream(CHAIN_SEAL_STREAM);
  const links = new Map<number, string>();
  let last: SealedState['last'] = null;
  for (const seal of seals) {
    for (const [position, hash] of (seal.data as ChainSeal).links) {
      links.set(position, hash);
      last = { position, hash };
    }
  }
  return { links, last, revision: seals.length - 1 };
};

export interface ChainSealer {
  /** seals what is not sealed yet, up to the head; answers the last sealed position */
  sealOnce(): Promise<number>;
  /** seals every `intervalMs` until stopped */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export interface ChainSealerLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * The chaining process. Several may run (one per service): a seal is appended with the seal stream's
 * expected revision, so only one extends the chain at a time and the others read the seals again.
 */
export const createChainSealer = (store: EventStore, options: { logger?: ChainSealerLogger; clock?: () => Date } = {}): ChainSealer => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const sealOnce = async (): Promise<number> => {
    const sealed = await readSeals(store);
    let previous = sealed.last?.hash ?? '';
    let after = sealed.last?.position ?? 0;
    let revision = sealed.revision;
    for (;;) {
      const read = await store.readAll({ after, limit: SEAL_BATCH });
      if (read.length === 0) return after;
      const batch = read.filter((event) => !isSeal(event));
      const start = previous;
      const links: Array<[number, string]> = [];
      for (const event of batch) {
        previous = sealLink(previous, event);
        links.push([event.position, previous]);
      }
      after = read[read.length - 1].position;
      if (links.length === 0) continue;
      const seal: ChainSeal = { previous: start, links };
      try {
        const appended = await store.append(
          CHAIN_SEAL_STREAM,
          [
            {
              id: randomUUID(),
              type: CHAIN_SEALED,
              data: seal,
              metadata: { memberId: null, occurredAt: (options.clock?.() ?? new Date()).toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
            },
          ],
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        revision = appended.nextExpectedRevision;
      } catch (error) {
        // another chaining process sealed first: what it sealed is read again next time
        if (error instanceof WrongExpectedRevisionError) return sealed.last?.position ?? 0;
        throw error;
      }
    }
  };

  const guarded = (): Promise<number> => {
    running ??= sealOnce().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    sealOnce: guarded,
    start: (intervalMs) => {
      if (timer) return;
      timer = setInterval(() => {
        guarded().catch((error: unknown) => options.logger?.warn({ err: error }, 'sealing the chain failed; trying again'));
      }, intervalMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
};

/**
 * Walks the history against the seals: each event's link must be the sealed one. An event altered,
 * inserted or removed breaks the link at its position (or at the next sealed one); events after the last
 * seal are not judged yet.
 */
export const verifySealedChain = async (store: EventStore, onProgress?: (checked: number, head: number) => void): Promise<ChainVerification> => {
  const sealed = await readSeals(store);
  const head = sealed.last?.position ?? 0;
  const positions = [...sealed.links.keys()].sort((a, b) => a - b);
  let next = 0;
  let previous = '';
  let last: ChainVerification['head'] = null;
  let checked = 0;
  for (let after = 0; after < head; ) {
    const read = await store.readAll({ after, limit: SEAL_BATCH });
    if (read.length === 0) break;
    for (const event of read) {
      if (isSeal(event) || event.position > head) continue;
      // a sealed event that is gone: the chain breaks where it stood
      if (positions[next] !== undefined && positions[next] < event.position) return { checked, head: last, firstBreak: positions[next] };
      const link = sealLink(previous, event);
      if (sealed.links.get(event.position) !== link) return { checked, head: last, firstBreak: event.position };
      next += 1;
      previous = link;
      last = { position: event.position, hash: link };
      checked += 1;
    }
    after = read[read.length - 1].position;
    onProgress?.(checked, head);
  }
  if (next < positions.length) return { checked, head: last, firstBreak: positions[next] };
  return { checked, head: last, firstBreak: null };
};

/** the last sealed link: the head an auditor keeps outside the system */
export const sealedChainHead = async (store: EventStore): Promise<{ position: number; hash: string } | null> => (await readSeals(store)).last;

/**
 * A store whose chain is sealed beside it: verify and the head read the seals (the embedded store chains
 * in its append transaction and needs none of this).
 */
export const withSealedChain = (store: EventStore): EventStore =>
  store.verifyChain
    ? store
    : {
        ...store,
        verifyChain: (onProgress) => verifySealedChain(store, onProgress),
        chainHead: () => sealedChainHead(store),
      };
