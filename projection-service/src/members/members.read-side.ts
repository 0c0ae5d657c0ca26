import { changeRequestsProjection } from './change-requests.projection';
import { ignoredMembersProjection } from './ignored-members.projection';
import { membersProjection } from './members.projection';
import { memberChangePublisher } from './members.realtime';
import { memberLocksProjection } from './member-locks.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const membersReadSide: ProjectionReadSide = {
  readModels: [membersProjection, ignoredMembersProjection, changeRequestsProjection, memberLocksProjection],
  publishers: (infra) => [memberChangePublisher(infra.documentStore, infra.clock)],
};
