import { networkAddressOf, networkMapCenterOf, type NetworkLocationEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { networkLocationDecider, type RecordNetworkLocation } from './network-location.decider';

const spec = deciderSpecification(networkLocationDecider);
const record = (address: string, coordinates: RecordNetworkLocation['coordinates'] = { lat: 53.55, lng: 9.99 }): RecordNetworkLocation => ({ type: 'RecordNetworkLocation', network_id: 'n', address, coordinates });
const geocoded = (address: string, coordinates: RecordNetworkLocation['coordinates'] = { lat: 53.55, lng: 9.99 }): NetworkLocationEvent => ({ type: 'NetworkLocationGeocoded', data: { network_id: 'n', address, coordinates } });
const location = { street: 'Rathausmarkt', number: '1', zip: '20095', city: 'Hamburg', country: 'DE' };

describe("the network's placed address", () => {
  it('records an answer once per address text', () => {
    spec.given([]).when(record('Rathausmarkt 1, 20095 Hamburg, DE')).then([geocoded('Rathausmarkt 1, 20095 Hamburg, DE')]);
    spec.given([geocoded('Rathausmarkt 1, 20095 Hamburg, DE')]).when(record('Rathausmarkt 1, 20095 Hamburg, DE')).then([]);
    spec.given([geocoded('Rathausmarkt 1, 20095 Hamburg, DE')]).when(record('Unter den Linden 1, Berlin', null)).then([geocoded('Unter den Linden 1, Berlin', null)]);
  });

  it('asks for one line, only once street and city are given', () => {
    expect(networkAddressOf(location)).toBe('Rathausmarkt 1, 20095 Hamburg, DE');
    expect(networkAddressOf({ ...location, street: ' ' })).toBeNull();
    expect(networkAddressOf({ ...location, city: '' })).toBeNull();
  });

  it("centres on the settings' own lat/lng, else on the place of the current address only", () => {
    const placed = { address: 'Rathausmarkt 1, 20095 Hamburg, DE', coordinates: { lat: 53.55, lng: 9.99 } };
    expect(networkMapCenterOf({ ...location, lat: 1, lng: 2 }, placed)).toEqual({ lat: 1, lng: 2 });
    expect(networkMapCenterOf(location, placed)).toEqual({ lat: 53.55, lng: 9.99 });
    expect(networkMapCenterOf({ ...location, number: '2' }, placed)).toBeNull();
    expect(networkMapCenterOf(location, null)).toBeNull();
  });
});
