import type { ProjectionRebuildEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { projectionRebuildsDecider, type ProjectionRebuildsCommand } from './projection-rebuilds.decider';

const request = (overrides: Partial<ProjectionRebuildsCommand> = {}): ProjectionRebuildsCommand => ({
  type: 'RequestProjectionRebuild',
  rebuild_id: 'r2',
  collection: 'members_v1',
  requested_by: 'admin',
  known: true,
  ...overrides,
});
const requested = (id: string, collection = 'members_v1'): ProjectionRebuildEvent => ({ type: 'ProjectionRebuildRequested', data: { rebuild_id: id, collection, requested_by: 'admin' } });
const finished = (id: string): ProjectionRebuildEvent => ({
  type: 'ProjectionRebuildFinished',
  data: { rebuild_id: id, collection: 'members_v1', outcome: 'switched', position: 40, error: null },
});

describe('projection rebuilds decider', () => {
  const spec = deciderSpecification(projectionRebuildsDecider);

  it('requests a rebuild of a known read model, again once the last one finished', () => {
    spec.given([]).when(request()).then([requested('r2')]);
    spec.given([requested('r1'), finished('r1')]).when(request()).then([requested('r2')]);
  });

  it('refuses a second rebuild while one runs (409) and an unknown read model (404)', () => {
    expect(spec.given([requested('r1')]).when(request()).thenRefused('rebuild_running', 'collection').kind).toBe('conflict');
    expect(spec.given([requested('r1'), finished('r0')]).when(request()).thenRefused('rebuild_running', 'collection').kind).toBe('conflict');
    expect(spec.given([]).when(request({ known: false })).thenRefused('not_found', 'collection').kind).toBe('not_found');
  });

  it('takes a rebuild of a read model or a search index whatever the bus: replicas on several partitions hold together for the switch', () => {
    spec.given([]).when(request()).then([requested('r2')]);
    spec.given([]).when(request({ collection: 'searchindex_groups' })).then([requested('r2', 'searchindex_groups')]);
  });
});
