import type { Provider } from '@nestjs/common';
import { CONSISTENCY_GATE, INFRASTRUCTURE, MEMBER_ACCESS, portProviders, type Infrastructure } from '@cn/platform';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { readSideMemberAccess } from './member-access';

export const PROJECTION_RUNTIME: unique symbol = Symbol('PROJECTION_RUNTIME');

/**
 * What every feature module of the read side is given: the ports, the runtime (projectors, gate, realtime
 * hub) and the member guard's access. Given to each feature module (not global), so that the search
 * indexer's features, composed beside these in one process, keep their own consistency gate.
 */
export const projectionCoreProviders = (infra: Infrastructure, runtime: ProjectionServiceRuntime): Provider[] => [
  { provide: INFRASTRUCTURE, useValue: infra },
  ...portProviders(infra),
  { provide: PROJECTION_RUNTIME, useValue: runtime },
  { provide: CONSISTENCY_GATE, useValue: runtime.gate },
  { provide: MEMBER_ACCESS, useValue: readSideMemberAccess(infra.documentStore) },
];
