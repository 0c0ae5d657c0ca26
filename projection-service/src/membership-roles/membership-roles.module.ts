import { Module } from '@nestjs/common';
import { MEMBERSHIP_ROLES_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import { membershipRolesProjection } from '../groups/groups.projection';
import { MembershipRolesController } from './membership-roles.controller';

/** The roles manager's read side; the read model itself is the groups feature's (membership_roles). */
@Module({ controllers: [MembershipRolesController] })
export class MembershipRolesModule {}

export const membershipRolesFeature: ProjectionFeature = {
  module: MembershipRolesModule,
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
