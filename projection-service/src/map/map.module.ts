import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MapController } from './map.controller';
import { MapPlacesAdminController } from './map-places.admin.controller';
import { mapPlacesProjection } from './map-places.projection';
import { memberLocationsProjection } from './member-locations.projection';
import { mapChangePublishers } from './map.realtime';

/** The map tab: members' geocoded addresses, the points of interest, and what each viewer may see (docs/MAP.md). */
@Module({ controllers: [MapController, MapPlacesAdminController] })
export class MapModule {}

export const mapFeature: ProjectionFeature = {
  module: MapModule,
  readModels: [memberLocationsProjection, mapPlacesProjection],
  publishers: () => mapChangePublishers(),
};
