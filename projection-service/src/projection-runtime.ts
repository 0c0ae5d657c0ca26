import { createDocumentProjector, gateOf, sharedReader, type ConsistencyGate, type DocumentProjector, type EventStore, type Infrastructure, type PersonalDataCipher } from '@cn/platform';
import { type Projection } from '@cn/domain';
import type { ProjectionReadSide } from './core/projection-feature';
import { PROJECTION_READ_SIDES } from './read-sides';
import { changeRouter } from './realtime/change-publisher';
import { RealtimeHub } from './realtime/realtime-hub';
import { trackConnections, type PresenceTimers } from './realtime/connections';

export const PROJECTOR_NAME = 'projection-service';
export const AUDIT_PROJECTOR_NAME = 'projection-service-audit';
const LAG_INTERVAL_MS = 5_000;

/** Read models whose documents carry revealed personal data (blanked by MemberErased), feature by feature. */
export const readModelProjections = (features: readonly ProjectionReadSide[] = PROJECTION_READ_SIDES): readonly Projection[] =>
  features.flatMap((feature) => feature.readModels ?? []);

/**
 * The audit log keeps personal data sealed as stored and reveals it when read, so it runs under its own
 * projector with a cipher that leaves the envelopes in place. Nothing is ever to be revealed for it: an
 * event holding an encrypted value (most of a grown log: members' presence texts) is applied like any
 * other, without a walk through it looking for one and without the runner's asynchronous way.
 */
const sealed = (cipher: PersonalDataCipher): PersonalDataCipher => ({
  ...cipher,
  reveal: <T>(data: T): Promise<T> => Promise.resolve(data),
  needsReveal: () => false,
});

export interface ProjectionServiceRuntime {
  readModels: DocumentProjector;
  audit: DocumentProjector;
  projectors: readonly DocumentProjector[];
  gate: ConsistencyGate;
  hub: RealtimeHub;
  /** resolves once every change projected so far was pushed to the realtime channel */
  realtimeFlushed(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** replays every read model, or the named ones, from position 0 (projectors must not run elsewhere meanwhile) */
  rebuild(only?: readonly string[]): Promise<void>;
}

const readModelNames = (projectors: readonly DocumentProjector[]): string[] => projectors.flatMap((projector) => projector.readModels().map((model) => model.name));

export const createProjectionRuntime = (
  infra: Infrastructure,
  features: readonly ProjectionReadSide[] = PROJECTION_READ_SIDES,
  options: {
    presenceTimers?: PresenceTimers;
    /**
     * where both projectors' catch-ups read the log: a `sharedReader` for more readers when other projectors
     * of the process catch up beside them (standalone: the search indexer's); default one for these two
     */
    catchUpSource?: EventStore;
  } = {},
): ProjectionServiceRuntime => {
  const hub = new RealtimeHub();
  const logger = infra.logger.child({ component: 'projection-service' });
  const changes = changeRouter(
    hub,
    features.flatMap((feature) => feature.publishers?.(infra) ?? []),
    logger,
  );
  // presence follows the connection: this process's open consoles, kept where every service reads them
  const presence = trackConnections({ hub, store: infra.documentStore, clock: infra.clock, onChanged: changes.presence, timers: options.presenceTimers, logger });
  const onError = (error: unknown): void => logger.error({ err: error }, 'a projector stopped');
  // on the embedded bus the event store is the log itself: deliveries may be acknowledged before their
  // turn is written; on Kafka only the bus has the events, so its offsets follow the written documents
  const acknowledgeBeforeWrite = infra.config.kafkaBrokers === undefined;
  // both projectors catch up side by side (a start, a rebuild) through one reader: each batch of the log is
  // read, parsed and checked once for both, and let go once both had it
  const catchUpSource = options.catchUpSource ?? sharedReader(infra.eventStore, 2);
  // a rebuild replays these two projectors alone: a reader shared with others would keep its batches for them
  const rebuildSource = options.catchUpSource ? sharedReader(infra.eventStore, 2) : catchUpSource;
  const readModels = createDocumentProjector({
    name: PROJECTOR_NAME,
    projections: readModelProjections(features),
    bus: infra.bus,
    eventStore: catchUpSource,
    documentStore: infra.documentStore,
    cipher: infra.cipher,
    logger,
    onError,
    onChange: changes.route,
    acknowledgeBeforeWrite,
  });
  const audit = createDocumentProjector({
    name: AUDIT_PROJECTOR_NAME,
    projections: features.flatMap((feature) => feature.sealedReadModels ?? []),
    bus: infra.bus,
    eventStore: catchUpSource,
    documentStore: infra.documentStore,
    cipher: sealed(infra.cipher),
    logger,
    onError,
    // the chat's read models keep texts sealed too, and push their changes to open chat sockets
    onChange: changes.route,
    acknowledgeBeforeWrite,
  });
  const projectors = [readModels, audit] as const;

  let lagTimer: NodeJS.Timeout | null = null;
  const measureLag = async (): Promise<void> => {
    const head = await infra.eventStore.headPosition();
    for (const projector of projectors) {
      infra.metrics.projectionLag.set({ projector: projector.name }, Math.max(0, head - projector.position()));
    }
  };

  return {
    readModels,
    audit,
    projectors,
    gate: gateOf([...projectors]),
    hub,
    realtimeFlushed: changes.flushed,
    start: async () => {
      // side by side: their catch-ups share the reader's batches and the document store's transactions
      await Promise.all(projectors.map((projector) => projector.start()));
      if (lagTimer) return;
      await measureLag();
      lagTimer = setInterval(() => {
        measureLag().catch((error: unknown) => logger.warn({ err: error }, 'measuring projection lag failed'));
      }, LAG_INTERVAL_MS);
      lagTimer.unref();
    },
    stop: async () => {
      if (lagTimer) clearInterval(lagTimer);
      lagTimer = null;
      for (const projector of projectors) await projector.stop();
      await presence.stop();
    },
    rebuild: async (only) => {
      const known = projectors.flatMap((projector) => projector.readModels().flatMap((model) => [model.name, model.collection]));
      const unknown = (only ?? []).filter((name) => !known.includes(name));
      if (unknown.length > 0) throw new Error(`no read model named ${unknown.join(', ')} (known: ${readModelNames(projectors).join(', ')})`);
      // side by side, as a start catches up: one read of the log for both projectors; what they write can be
      // replayed again, so the store need not wait for the disk before the end (bulkLoad)
      const replay = async (): Promise<void> => {
        await Promise.all(
          projectors.map(async (projector) => {
            const mine = only?.filter((name) => projector.readModels().some((model) => model.name === name || model.collection === name));
            if (only && mine?.length === 0) return;
            await projector.rebuild(rebuildSource, mine);
          }),
        );
      };
      await (infra.documentStore.bulkLoad ? infra.documentStore.bulkLoad(replay) : replay());
    },
  };
};
