import { DESIGNS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { designsProjection } from './designs.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const designsReadSide: ProjectionReadSide = {
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
