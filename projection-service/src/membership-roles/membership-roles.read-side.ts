import { MEMBERSHIP_ROLES_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { membershipRolesProjection } from '../groups/groups.projection';
import type { ProjectionReadSide } from '../core/projection-feature';
import { everyConsoleHears } from '../realtime/change-publisher';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const membershipRolesReadSide: ProjectionReadSide = {
  // every member sees role badges and offers roles as participants: every open console hears a change
  publishers: () => [everyConsoleHears(collectionName(membershipRolesProjection), MEMBERSHIP_ROLES_COLLECTION)],
};
