import { MEMBERSHIP_ROLES_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { membershipRolesProjection } from '../groups/groups.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const membershipRolesReadSide: ProjectionReadSide = {
  publishers: () => [
    {
      // every member sees role badges and offers roles as participants: every open console hears a change
      collection: collectionName(membershipRolesProjection),
      publish: (change, hub) => {
        const message = { type: 'changed' as const, collection: MEMBERSHIP_ROLES_COLLECTION, id: change.id, doc: { position: change.event.position } };
        for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
        return Promise.resolve();
      },
    },
  ],
};
