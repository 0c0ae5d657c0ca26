import { mapPlacesProjection } from './map-places.projection';
import { memberLocationsProjection } from './member-locations.projection';
import { mapChangePublishers } from './map.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const mapReadSide: ProjectionReadSide = {
  readModels: [memberLocationsProjection, mapPlacesProjection],
  publishers: () => mapChangePublishers(),
};
