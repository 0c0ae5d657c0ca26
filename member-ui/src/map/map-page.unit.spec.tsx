/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAP_PLACES_COLLECTION, type MapConfig, type MapPlacesResponse } from '@cn/contracts';
import { aNetworkResponse } from '../testing/fixtures';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { MapPage } from './MapPage';

jest.mock('./map.css', () => ({}));

const maps = (scope: MapConfig['scope']): MapConfig => ({ enabled: true, tile_url: 'https://tiles.example/outdoors/{z}/{x}/{y}.png', zoom_level: 10, center: { lat: 52.5, lng: 13.4 }, scope });
const library = { id: 'p1', kind: 'place' as const, name: 'Library', description: 'Books and coffee', link: 'https://library.example/', lat: 52.51, lng: 13.41 };

describe('the map page', () => {
  it('with scope poi shows the points of interest only: no member markers asked for, no address form; a pushed place is read again', async () => {
    let places: MapPlacesResponse = { places: [library] };
    const server = fakeServer({
      'GET /api/v1/network': { status: 200, body: aNetworkResponse({ network: { maps: maps('poi') } }) },
      'GET /api/v1/map/places': () => ({ status: 200, body: places }),
    });
    const channel = fakeChannel();
    renderPage(<MapPage scope="network" />, { url: '/map', api: server.api, channel });
    expect((await screen.findByTestId('map-places-count')).textContent).toBe('1 place on the map');
    const pin = await screen.findByTestId('map-place');
    expect(pin.getAttribute('aria-label')).toBe('Place: Library');
    fireEvent.click(pin);
    const popup = await screen.findByTestId('map-place-popup');
    expect(popup.textContent).toBe('LibraryBooks and coffeeWebsite');
    expect(within(popup).getByTestId('map-place-link').getAttribute('href')).toBe('https://library.example/');
    expect(screen.queryByTestId('map-address')).toBeNull();
    expect(screen.queryByTestId('map-toggle')).toBeNull();
    expect(server.callsTo('GET', '/api/v1/map/members')).toHaveLength(0);
    expect(channel.topics()).toEqual(['map_members']);

    places = { places: [library, { ...library, id: 'p2', name: 'Park', link: null }] };
    act(() => channel.push({ collection: MAP_PLACES_COLLECTION, id: 'p2', doc: { position: 5 } }));
    await waitFor(() => expect(screen.getByTestId('map-places-count').textContent).toBe('2 places on the map'));
  });

  it('follows a pushed settings change without a reload: scope all brings the members and the address form, off shows the map is off', async () => {
    const server = fakeServer({
      'GET /api/v1/network': { status: 200, body: aNetworkResponse({ network: { maps: maps('poi') } }) },
      'GET /api/v1/map/places': { status: 200, body: { places: [library] } },
      'GET /api/v1/map/members': { status: 200, body: { markers: [{ id: 'm1', name: 'Ada', path: '/members/m1', image: null, lat: 52.5, lng: 13.4 }] } },
    });
    const channel = fakeChannel();
    renderPage(<MapPage scope="network" />, { url: '/map', api: server.api, channel });
    await screen.findByTestId('map-places-count');

    act(() => channel.push({ collection: 'network', id: 'network', doc: { maps: maps('all') } }));
    expect((await screen.findByTestId('map-count')).textContent).toBe('1 member on the map');
    expect(screen.getByTestId('map-address')).toBeTruthy();
    expect((await screen.findAllByTestId('map-marker')).map((marker) => marker.textContent)).toEqual(['Ada']);
    expect(await screen.findAllByTestId('map-place')).toHaveLength(1);
    // members shown: their changes (a name, an erasure) are pushed to this console
    expect(channel.topics()).toEqual(['map_members', 'members']);

    act(() => channel.push({ collection: 'network', id: 'network', doc: { maps: { ...maps('all'), enabled: false, tile_url: null } } }));
    expect(await screen.findByTestId('map-off')).toBeTruthy();
  });
});
