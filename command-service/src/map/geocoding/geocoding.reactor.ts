import { Inject, Injectable } from '@nestjs/common';
import {
  eventOf,
  memberLocationEvents,
  memberLocationStream,
  MemberAddressChanged,
  MapPlaceChanged,
  MapPlaceCreated,
  mapPlaceEvents,
  mapPlaceLocationStream,
  NetworkMemberSettingsChanged,
  networkAddressOf,
  networkLocationStream,
  RECORD_MAP_PLACE_LOCATION,
  RECORD_MEMBER_LOCATION,
  RECORD_NETWORK_LOCATION,
} from '@cn/contracts';
import type { EventStore, RecordedEvent } from '@cn/domain';
import { ReactorService, InjectPort, type DocumentStore, type EventBus, type PersonalDataCipher, type Projector } from '@cn/platform';
import type { Logger } from 'pino';
import { CommandRunner } from '../../core/command-runner';
import { memberLocationDecider } from '../member-location.decider';
import { mapPlaceLocationDecider } from '../places/map-places.decider';
import { networkLocationDecider } from './network-location.decider';
import type { Geocoder } from './geocoder';

export const GEOCODING = 'command-service.geocoding';
/** the Geocoder port's token; null when GEOCODER_URL is not set (addresses then stay off the map) */
export const GEOCODER = Symbol('GEOCODER');

/**
 * Places members' addresses, the network's address and points of interest given by an address on the map: for every MemberAddressChanged with an address it asks the
 * geocoder and records the answer as an event (MemberLocationGeocoded, or MemberLocationCleared when the
 * geocoder knows no such place), so read models replay coordinates from the log and never ask the
 * geocoder again. It follows the log with its own checkpoint; the decider records an answer only for the
 * current address and only once, so an answer for an address changed meanwhile, or sent again after a
 * restart, appends nothing. A geocoder that cannot answer (down, too slow, too large an answer) leaves
 * the member off the map until the address changes again; it does not hold the reactor.
 */
@Injectable()
export class GeocodingReactor extends ReactorService {
  protected readonly projector: Projector;

  constructor(
    private readonly runner: CommandRunner,
    @Inject(GEOCODER) private readonly geocoder: Geocoder | null,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('logger') private readonly logger: Logger,
  ) {
    super();
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, {
      name: GEOCODING,
      what: 'geocoding',
      from: 'start',
      eventTypes: [NetworkMemberSettingsChanged.type, MapPlaceCreated.type, MapPlaceChanged.type, MemberAddressChanged.type],
    });
  }

  private async locate(address: string): Promise<{ lat: number; lng: number } | null | undefined> {
    if (!this.geocoder) return undefined;
    try {
      return await this.geocoder.locate(address);
    } catch (error) {
      this.logger.warn({ err: error, reactor: GEOCODING }, 'geocoder did not answer');
      return undefined;
    }
  }

  /** the network's street address (member settings), placed once per address text: the map centres on it */
  private async placeNetwork(recorded: RecordedEvent): Promise<void> {
    const event = eventOf([NetworkMemberSettingsChanged], recorded);
    if (!event) return;
    const address = networkAddressOf(event.data.member.network_location);
    if (address === null) return;
    // a settings save that kept the address: placed already, the geocoder is not asked again
    const placed = await this.runner.eventStore.readStream(networkLocationStream(event.data.network_id));
    if ((placed[placed.length - 1]?.data as { address?: string } | undefined)?.address === address) return;
    const place = await this.locate(address);
    if (place === undefined) return;
    await this.runner.run(RECORD_NETWORK_LOCATION, {
      streamId: networkLocationStream(event.data.network_id),
      decider: networkLocationDecider,
      command: { type: 'RecordNetworkLocation', network_id: event.data.network_id, address, coordinates: place },
      context: { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id },
    });
  }

  /** a point of interest given by its address (no lat/lng of its own), placed once per address text */
  private async placePlace(recorded: RecordedEvent): Promise<void> {
    const event = eventOf(mapPlaceEvents, recorded);
    if ((event?.type !== 'MapPlaceCreated' && event?.type !== 'MapPlaceChanged') || event.data.coordinates !== null || event.data.address === null) return;
    const { place_id: placeId, address } = event.data;
    // an edit that kept the address (a new name, a link): placed already, the geocoder is not asked again
    const answered = await this.runner.eventStore.readStream(mapPlaceLocationStream(placeId));
    if ((answered[answered.length - 1]?.data as { address?: string } | undefined)?.address === address) return;
    const place = await this.locate(address);
    if (place === undefined) return;
    await this.runner.run(RECORD_MAP_PLACE_LOCATION, {
      streamId: mapPlaceLocationStream(placeId),
      decider: mapPlaceLocationDecider,
      command: { type: 'RecordMapPlaceLocation', place_id: placeId, address, coordinates: place },
      context: { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id },
    });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      if (recorded.type === NetworkMemberSettingsChanged.type) {
        await this.placeNetwork(recorded);
        continue;
      }
      if (recorded.type === MapPlaceCreated.type || recorded.type === MapPlaceChanged.type) {
        await this.placePlace(recorded);
        continue;
      }
      const event = recorded.type === MemberAddressChanged.type ? eventOf(memberLocationEvents, recorded) : null;
      if (event?.type !== 'MemberAddressChanged' || event.data.address === null) continue;
      const { address } = await this.cipher.reveal({ address: event.data.address });
      if (typeof address !== 'string' || address === '') continue;
      const place = await this.locate(address);
      if (place === undefined) continue;
      const memberId = event.data.member_id;
      await this.runner.run(RECORD_MEMBER_LOCATION, {
        streamId: memberLocationStream(memberId),
        decider: memberLocationDecider,
        command: { type: 'RecordMemberLocation', member_id: memberId, revision: event.data.revision, coordinates: place === null ? null : await this.cipher.encrypt(memberId, place) },
        context: { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id },
      });
    }
  }
}
