import { memberSettingsSchema, DEFAULT_NETWORK_SETTINGS } from '../settings/network-settings';
import { setMemberAddressRequestSchema } from './map';
import { tileUrlFor } from './map-constants';

const keysOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('map settings and addresses', () => {
  const member = { ...DEFAULT_NETWORK_SETTINGS.member, show_map: true, network_location: { street: 'Hauptstr.', number: '1', zip: '10115', city: 'Berlin', country: 'DE' } };

  it('accepts the zoom levels and themes of the spec and refuses others', () => {
    for (const zoom_level of [0, 3, 6, 10, 15]) expect(memberSettingsSchema.safeParse({ ...member, zoom_level }).success).toBe(true);
    expect(memberSettingsSchema.safeParse({ ...member, zoom_level: 7 }).success).toBe(false);
    for (const map_theme of ['alidade_smooth', 'alidade_smooth_dark', 'osm_bright', 'outdoors']) expect(memberSettingsSchema.safeParse({ ...member, map_theme }).success).toBe(true);
    expect(memberSettingsSchema.safeParse({ ...member, map_theme: 'satellite' }).success).toBe(false);
    expect(memberSettingsSchema.safeParse({ ...member, map_scope_selection: 'some' }).success).toBe(false);
  });

  it('takes the network location’s coordinates in range and both or neither', () => {
    const at = (lat: unknown, lng: unknown) => memberSettingsSchema.safeParse({ ...member, network_location: { ...member.network_location, lat, lng } });
    expect(at(52.5, 13.4).success).toBe(true);
    expect(at(null, null).success).toBe(true);
    expect(keysOf(at(91, 13.4))).toEqual(['network_location.lat:too_big']);
    expect(keysOf(at(52.5, -181))).toEqual(['network_location.lng:too_small']);
    expect(keysOf(at(52.5, null))).toEqual(['network_location.lng:required']);
  });

  it('requires the address of the network when the map is shown', () => {
    expect(keysOf(memberSettingsSchema.safeParse({ ...member, network_location: { ...member.network_location, city: '' } }))).toEqual(['network_location.city:required']);
  });

  it('reads an empty member address as none and refuses a long or controlling one', () => {
    expect(setMemberAddressRequestSchema.parse({ address: '  ' }).address).toBeNull();
    expect(setMemberAddressRequestSchema.parse({ address: ' Hauptstr. 1, Berlin ' }).address).toBe('Hauptstr. 1, Berlin');
    expect(keysOf(setMemberAddressRequestSchema.safeParse({ address: 'x'.repeat(301) }))).toEqual(['address:too_long']);
    expect(keysOf(setMemberAddressRequestSchema.safeParse({ address: 'a\u0000b' }))).toEqual(['address:invalid_characters']);
  });

  it('fills the theme into the tile URL and leaves the tile coordinates to the map', () => {
    expect(tileUrlFor('https://tiles.example/{theme}/{z}/{x}/{y}.png', 'outdoors')).toBe('https://tiles.example/outdoors/{z}/{x}/{y}.png');
  });
});
