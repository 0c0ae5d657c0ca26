import { Module } from '@nestjs/common';
import { DESIGNS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import { DesignsController } from './designs.controller';
import { designsProjection } from './designs.projection';

/** Designs of the network and of groups (issue 14): the administrations' lists and what the member console applies. */
@Module({ controllers: [DesignsController] })
export class DesignsModule {}

export const designsFeature: ProjectionFeature = {
  module: DesignsModule,
  readModels: [designsProjection],
  publishers: () => [
    {
      // every open console applies the active design: each hears a change (the position only) and reads it again
      collection: collectionName(designsProjection),
      publish: (change, hub) => {
        const message = { type: 'changed' as const, collection: DESIGNS_COLLECTION, id: change.id, doc: { position: change.event.position } };
        for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
        return Promise.resolve();
      },
    },
  ],
};
