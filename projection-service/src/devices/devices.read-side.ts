import { collectionName } from '@cn/domain';
import { memberDevicesProjection } from './member-devices.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const devicesReadSide: ProjectionReadSide = {
  readModels: [memberDevicesProjection],
  publishers: () => [
    {
      collection: collectionName(memberDevicesProjection),
      // the member's own open settings pages read their devices again
      publish: (change, hub) => {
        hub.publishTo(change.id, { type: 'changed', collection: 'member_devices', id: change.id, doc: { position: change.event.position } });
        return Promise.resolve();
      },
    },
  ],
};
