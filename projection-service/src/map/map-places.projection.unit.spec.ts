import type { RecordedEvent } from '@cn/domain';
import { locatedPlace, mapPlacesProjection, type MapPlaceDocument } from './map-places.projection';

let position = 0;
const event = (type: string, data: Record<string, unknown>, revision = 0): RecordedEvent =>
  ({ id: `e${++position}`, type, data, streamId: 'mapplace-p1', revision, position, metadata: { schemaVersion: 1, occurredAt: '2026-12-06T00:00:00Z' } }) as unknown as RecordedEvent;

type Doc = ReturnType<typeof mapPlacesProjection.evolve>;
const apply = (events: RecordedEvent[]): Doc | null =>
  events.reduce<Doc | null>((doc, e) => mapPlacesProjection.evolve(doc === null ? null : ({ ...doc, _position: 0 } as MapPlaceDocument), e, 'p1'), null);

const located = (doc: Doc | null) => (doc ? locatedPlace(doc as MapPlaceDocument) : null);

const fields = { place_id: 'p1', name: 'Library', description: 'Books', address: 'Breite Str. 30, Berlin', link: null, coordinates: null };
const created = event('MapPlaceCreated', fields, 0);
const geocoded = (address: string) => event('MapPlaceGeocoded', { place_id: 'p1', address, coordinates: { lat: 52.52, lng: 13.4 } }, 0);

describe('points of interest read model', () => {
  it('places a place by the answer for its current address, and its own lat/lng win', () => {
    const placed = apply([created, geocoded('Breite Str. 30, Berlin')]);
    expect(located(placed)).toEqual({ lat: 52.52, lng: 13.4 });
    const moved = apply([created, geocoded('Breite Str. 30, Berlin'), event('MapPlaceChanged', { ...fields, address: 'Elsewhere 1' }, 1)]);
    expect(located(moved)).toBeNull();
    const own = apply([created, event('MapPlaceChanged', { ...fields, coordinates: { lat: 1, lng: 2 } }, 1), geocoded('Breite Str. 30, Berlin')]);
    expect(located(own)).toEqual({ lat: 1, lng: 2 });
    expect(own?.revision).toBe(1);
  });

  it('removes the place, and an answer arriving afterwards brings nothing back', () => {
    expect(apply([created, event('MapPlaceRemoved', { place_id: 'p1' }, 1)])).toBeNull();
    expect(apply([created, event('MapPlaceRemoved', { place_id: 'p1' }, 1), geocoded('Breite Str. 30, Berlin')])).toBeNull();
  });

  it('changes nothing when an event is applied twice', () => {
    const renamed = event('MapPlaceChanged', { ...fields, name: 'Bibliothek' }, 1);
    const once = apply([created, renamed]);
    const twice = mapPlacesProjection.evolve(once && ({ ...once, _position: 0 } as MapPlaceDocument), created, 'p1');
    expect(twice).toMatchObject({ name: 'Bibliothek', revision: 1 });
  });
});
