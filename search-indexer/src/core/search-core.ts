import type { Provider } from '@nestjs/common';
import { CONSISTENCY_GATE, INFRASTRUCTURE, MEMBER_ACCESS, portProviders, type ConsistencyGate, type Infrastructure, type Projector } from '@cn/platform';
import { searchSideMemberAccess } from '../members/member-access';
import type { OpenIndex } from './search-feature';

export const SEARCH_RUNTIME: unique symbol = Symbol('SEARCH_RUNTIME');

export interface SearchIndexerRuntime {
  projector: Projector;
  gate: ConsistencyGate;
  /** a feature's index, opened (and created with its settings) on first use */
  index: OpenIndex;
  /** started means caught up: the projector has replayed the log in batches and follows the bus */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Rebuilds a feature's indexes from the history into new indexes beside the live ones (which keep
   * answering and following the bus), then swaps them in while every replica holds its live events
   * (`core/index-switch.ts`); afterwards each replica goes on past the switch's position on the new ones.
   * Answers the position the new indexes were built to; `onProgress` hears how far after every batch.
   */
  rebuildFeature(name: string, onProgress?: (position: number) => void): Promise<number>;
  /**
   * where the indexes stand: the projector's position and how many swaps happened, so that what is kept
   * per index state (answers, the viewers' reach) is made again after an indexed event or a swap
   */
  indexState(): string;
}

/**
 * What every feature module of the search side is given: the ports, the runtime (projector, gate, indexes)
 * and the member guard's access, answered from the search side's own members index.
 */
export const searchCoreProviders = (infra: Infrastructure, runtime: SearchIndexerRuntime): Provider[] => [
  { provide: INFRASTRUCTURE, useValue: infra },
  ...portProviders(infra),
  { provide: SEARCH_RUNTIME, useValue: runtime },
  { provide: CONSISTENCY_GATE, useValue: runtime.gate },
  { provide: MEMBER_ACCESS, useValue: searchSideMemberAccess(runtime, infra.documentStore) },
];
