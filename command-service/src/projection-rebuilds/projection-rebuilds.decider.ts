import { searchFeatureOfRebuild, type ProjectionRebuildEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** One read model's rebuilds (`projectionRebuildStream(collection)`): at most one runs at a time. */
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
  /**
   * whether the bus has several partitions: there several replicas apply a read model's events, and a
   * read model's rebuild in one of them would miss what the others write meanwhile or be overwritten by them,
   * so it is refused; a search index's is not: its replicas hold together for the switch (docs/ARCHITECTURE.md,
   * "Blue/green rebuild")
   */
  partitioned: boolean;
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
        // a search index switches in on every replica at once (search-indexer core/index-switch.ts); a read model does not yet
        if (command.partitioned && searchFeatureOfRebuild(command.collection) === null) throw new DomainError('rebuild_partitioned_bus', 'conflict', 'collection');
        return [{ type: 'ProjectionRebuildRequested', data: { rebuild_id: command.rebuild_id, collection: command.collection, requested_by: command.requested_by } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
