import { collectionName } from '@cn/domain';
import { twoFactorProjection } from './two-factor.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const twoFactorReadSide: ProjectionReadSide = {
  readModels: [twoFactorProjection],
  publishers: () => [
    {
      collection: collectionName(twoFactorProjection),
      publish: (change, hub) => {
        hub.publishTo(change.id, { type: 'changed', collection: 'two_factor', id: change.id, doc: { position: change.event.position } });
        return Promise.resolve();
      },
    },
  ],
};
