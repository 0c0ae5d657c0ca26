import { Module } from '@nestjs/common';
import { PORT_TOKENS, type PlatformConfig } from '@cn/platform';
import { createNominatimGeocoder, type Geocoder } from './geocoding/geocoder';
import { GEOCODER, GeocodingReactor } from './geocoding/geocoding.reactor';
import { SetMemberAddressHandler } from './setting-address/set-member-address.command';
import { SetMemberAddressController } from './setting-address/set-member-address.controller';

/** The map: members' addresses and where the geocoder (GEOCODER_URL) places them (docs/MAP.md). */
@Module({
  controllers: [SetMemberAddressController],
  providers: [
    {
      provide: GEOCODER,
      useFactory: (config: PlatformConfig): Geocoder | null => (config.geocoderUrl ? createNominatimGeocoder({ url: config.geocoderUrl }) : null),
      inject: [PORT_TOKENS.config],
    },
    SetMemberAddressHandler,
    GeocodingReactor,
  ],
})
export class MapModule {}
