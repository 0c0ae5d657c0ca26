import type { MapPlaceEvent, MapPlaceLocationEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { mapPlaceDecider, mapPlaceLocationDecider, type MapPlaceFields } from './map-places.decider';

const spec = deciderSpecification(mapPlaceDecider);
const fields: MapPlaceFields = { name: 'Library', description: 'Books', address: 'Hauptstr. 1, Berlin', link: null, coordinates: null };
const created: MapPlaceEvent = { type: 'MapPlaceCreated', data: { place_id: 'p1', ...fields } };
const removed: MapPlaceEvent = { type: 'MapPlaceRemoved', data: { place_id: 'p1' } };

describe('points of interest', () => {
  it('creates a place once, and changes and removes only one that is there', () => {
    spec.given([]).when({ type: 'CreateMapPlace', place_id: 'p1', ...fields }).then([created]);
    spec.given([created]).when({ type: 'CreateMapPlace', place_id: 'p1', ...fields }).thenRefused('concurrency_conflict');
    const moved = { ...fields, address: null, coordinates: { lat: 52.5, lng: 13.4 } };
    spec.given([created]).when({ type: 'EditMapPlace', place_id: 'p1', ...moved }).then([{ type: 'MapPlaceChanged', data: { place_id: 'p1', ...moved } }]);
    spec.given([]).when({ type: 'EditMapPlace', place_id: 'p1', ...fields }).thenRefused('not_found');
    spec.given([created]).when({ type: 'RemoveMapPlace', place_id: 'p1' }).then([removed]);
    spec.given([created, removed]).when({ type: 'RemoveMapPlace', place_id: 'p1' }).thenRefused('not_found');
    spec.given([created, removed]).when({ type: 'EditMapPlace', place_id: 'p1', ...fields }).thenRefused('not_found');
  });

  it('records the geocoder’s answer once per address text', () => {
    const locations = deciderSpecification(mapPlaceLocationDecider);
    const geocoded = (address: string): MapPlaceLocationEvent => ({ type: 'MapPlaceGeocoded', data: { place_id: 'p1', address, coordinates: { lat: 1, lng: 2 } } });
    const record = (address: string) => ({ type: 'RecordMapPlaceLocation' as const, place_id: 'p1', address, coordinates: { lat: 1, lng: 2 } });
    locations.given([]).when(record('a')).then([geocoded('a')]);
    locations.given([geocoded('a')]).when(record('a')).then([]);
    locations.given([geocoded('a')]).when(record('b')).then([geocoded('b')]);
  });
});
