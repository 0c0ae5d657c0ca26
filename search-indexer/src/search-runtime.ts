import { createProjector, gateOf, type ConsistencyGate, type Infrastructure, type Projector } from '@cn/platform';
import { type RecordedEvent } from '@cn/domain';
import {
  appointmentsIndexing,
  openAppointmentsIndex,
  openCalendarsIndex,
  type AppointmentsIndex,
  type CalendarsIndex,
} from './appointments/appointments-index';
import { membersIndexing, openMembersIndex, type MembersIndex } from './members/members-index';
import { networkSettingsIndexing, openNetworkIndex, type NetworkSettingsIndex } from './network/network-search-settings';
import type { SearchFeature } from './search-feature';

export const SEARCH_PROJECTOR_NAME = 'search-indexer';
export const SEARCH_RUNTIME: unique symbol = Symbol('SEARCH_RUNTIME');
const LAG_INTERVAL_MS = 5_000;

export interface SearchIndexes {
  members: MembersIndex;
  network: NetworkSettingsIndex;
  appointments: AppointmentsIndex;
  calendars: CalendarsIndex;
}

export interface SearchIndexerRuntime {
  projector: Projector;
  gate: ConsistencyGate;
  /** the indexes, opened (and created with their settings) on first use */
  indexes(): Promise<SearchIndexes>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const createSearchRuntime = (infra: Infrastructure): SearchIndexerRuntime => {
  const logger = infra.logger.child({ component: SEARCH_PROJECTOR_NAME });
  let opened: Promise<SearchIndexes> | null = null;
  const indexes = (): Promise<SearchIndexes> => {
    opened ??= Promise.all([
      openMembersIndex(infra.searchIndex),
      openNetworkIndex(infra.searchIndex),
      openAppointmentsIndex(infra.searchIndex),
      openCalendarsIndex(infra.searchIndex),
    ]).then(([members, network, appointments, calendars]) => ({ members, network, appointments, calendars }));
    return opened;
  };

  let features: Promise<SearchFeature[]> | null = null;
  const featuresOf = (): Promise<SearchFeature[]> => {
    features ??= indexes().then(({ members, network, appointments, calendars }) => [
      membersIndexing(members, infra.cipher),
      networkSettingsIndexing(network),
      appointmentsIndexing(appointments, calendars),
    ]);
    return features;
  };

  const handle = async (event: RecordedEvent): Promise<void> => {
    for (const feature of await featuresOf()) {
      if (feature.eventTypes.includes(event.type)) await feature.handle(event);
    }
  };

  const projector = createProjector({
    name: SEARCH_PROJECTOR_NAME,
    bus: infra.bus,
    handle,
    checkpoint: {
      get: () => infra.searchIndex.getCheckpoint(SEARCH_PROJECTOR_NAME),
      set: (position) => infra.searchIndex.setCheckpoint(SEARCH_PROJECTOR_NAME, position),
    },
    logger,
    onError: (error) => logger.error({ err: error }, 'search projector stopped'),
  });

  let lagTimer: NodeJS.Timeout | null = null;
  const measureLag = async (): Promise<void> => {
    const head = await infra.eventStore.headPosition();
    infra.metrics.projectionLag.set({ projector: projector.name }, Math.max(0, head - projector.position()));
  };

  return {
    projector,
    gate: gateOf([projector]),
    indexes,
    start: async () => {
      await featuresOf();
      await projector.start();
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
      await projector.stop();
    },
  };
};
