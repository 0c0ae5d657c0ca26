import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MapController } from './map.controller';
import { memberLocationsProjection } from './member-locations.projection';
import { mapChangePublishers } from './map.realtime';

/** The map tab: members' geocoded addresses and the markers each viewer may see (docs/MAP.md). */
@Module({ controllers: [MapController] })
export class MapModule {}

export const mapFeature: ProjectionFeature = {
  module: MapModule,
  readModels: [memberLocationsProjection],
  publishers: () => mapChangePublishers(),
};
