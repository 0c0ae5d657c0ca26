import { Module } from '@nestjs/common';
import { PROPERTY_SETS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ChangePublisher } from '../realtime/change-publisher';
import { PropertySetsAdminController } from './property-sets-admin.controller';
import { PropertySetsController } from './property-sets.controller';
import { propertySetsProjection } from './property-sets.projection';

/**
 * An open property-set editor (or page using a set) reads itself again when a set is saved: the message
 * names the set's document (`<name>:<context_type>:<context_id>`) and its position, never its content.
 */
export const propertySetPublishers = (): ChangePublisher[] => [
  {
    collection: collectionName(propertySetsProjection),
    publish: (change, hub) => {
      const message = { type: 'changed' as const, collection: PROPERTY_SETS_COLLECTION, id: change.id, doc: { position: change.event.position } };
      for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
      return Promise.resolve();
    },
  },
];

@Module({ controllers: [PropertySetsAdminController, PropertySetsController] })
export class PropertySetsModule {}

export const propertySetsFeature: ProjectionFeature = {
  module: PropertySetsModule,
  readModels: [propertySetsProjection],
  publishers: () => propertySetPublishers(),
};
