import { collectionName } from '@cn/domain';
import { membershipSettingsProjection } from './membership-settings.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const membershipSettingsReadSide: ProjectionReadSide = {
  readModels: [membershipSettingsProjection],
  publishers: () => [
    {
      collection: collectionName(membershipSettingsProjection),
      // the member's own open settings pages read their settings again (a bounce, a reactivation, another tab)
      publish: (change, hub) => {
        hub.publishTo(change.id, { type: 'changed', collection: 'membership_settings', id: change.id, doc: { position: change.event.position } });
        return Promise.resolve();
      },
    },
  ],
};
