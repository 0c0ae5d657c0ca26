import type { ProjectionRebuildEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/**
 * One read model's rebuilds (`projectionRebuildStream(collection)`): at most one runs at a time. On a bus with
 * several partitions too: the replicas sharing a read model (or a search index) hold together for its switch
 * (platform projections/partitioned-switch.ts, search-indexer core/index-switch.ts).
 */
export interface ProjectionRebuildsState {
  running: string | null;
}

export type ProjectionRebuildsCommand = {
  type: 'RequestProjectionRebuild';
  rebuild_id: string;
  collection: string;
  requested_by: string;
  /** whether the projection service keeps a read model of that collection (or the search side a feature's indexes) */
  known: boolean;
};

export const projectionRebuildsDecider: Decider<ProjectionRebuildsState, ProjectionRebuildsCommand, ProjectionRebuildEvent> = {
  initialState: () => ({ running: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ProjectionRebuildRequested':
        return { running: event.data.rebuild_id };
      case 'ProjectionRebuildFinished':
        return state.running === event.data.rebuild_id ? { running: null } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RequestProjectionRebuild': {
        if (!command.known) throw new DomainError('not_found', 'not_found', 'collection');
        if (state.running !== null) throw new DomainError('rebuild_running', 'conflict', 'collection');
        return [{ type: 'ProjectionRebuildRequested', data: { rebuild_id: command.rebuild_id, collection: command.collection, requested_by: command.requested_by } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
