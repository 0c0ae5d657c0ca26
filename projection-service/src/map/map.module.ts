import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MapController } from './map.controller';
import { MapPlacesAdminController } from './map-places.admin.controller';
import { mapReadSide } from './map.read-side';

/** The map tab: members' geocoded addresses, the points of interest, and what each viewer may see (docs/MAP.md). */
@Module({ controllers: [MapController, MapPlacesAdminController] })
export class MapModule {}

export const mapFeature: ProjectionFeature = { module: MapModule, ...mapReadSide };
