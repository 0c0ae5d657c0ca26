import { Module } from '@nestjs/common';
import { PORT_TOKENS, type PlatformConfig } from '@cn/platform';
import { createNominatimGeocoder, type Geocoder } from './geocoding/geocoder';
import { GEOCODER, GeocodingReactor } from './geocoding/geocoding.reactor';
import { CreateMapPlaceHandler } from './places/creating-map-place/create-map-place.command';
import { CreateMapPlaceController } from './places/creating-map-place/create-map-place.controller';
import { EditMapPlaceHandler } from './places/editing-map-place/edit-map-place.command';
import { EditMapPlaceController } from './places/editing-map-place/edit-map-place.controller';
import { MapPlaces } from './places/map-places.command';
import { RemoveMapPlaceHandler } from './places/removing-map-place/remove-map-place.command';
import { SetMemberAddressHandler } from './setting-address/set-member-address.command';
import { SetMemberAddressController } from './setting-address/set-member-address.controller';

/** The map: members' addresses, the administrators' points of interest, and where the geocoder (GEOCODER_URL) places them (docs/MAP.md). */
@Module({
  controllers: [SetMemberAddressController, CreateMapPlaceController, EditMapPlaceController],
  providers: [
    {
      provide: GEOCODER,
      useFactory: (config: PlatformConfig): Geocoder | null => (config.geocoderUrl ? createNominatimGeocoder({ url: config.geocoderUrl }) : null),
      inject: [PORT_TOKENS.config],
    },
    SetMemberAddressHandler,
    MapPlaces,
    CreateMapPlaceHandler,
    EditMapPlaceHandler,
    RemoveMapPlaceHandler,
    GeocodingReactor,
  ],
})
export class MapModule {}
