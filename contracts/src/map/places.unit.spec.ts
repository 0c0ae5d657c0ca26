import { coordinatesOfRequest, createMapPlaceRequestSchema, editMapPlaceRequestSchema } from './places';

const keysOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('points of interest requests', () => {
  it('takes a place by its address or by its own lat/lng, and reads empty texts as none', () => {
    const byAddress = createMapPlaceRequestSchema.parse({ name: ' Library ', address: ' Hauptstr. 1, Berlin ', link: '' });
    expect(byAddress).toEqual({ name: 'Library', description: '', address: 'Hauptstr. 1, Berlin', link: null });
    expect(coordinatesOfRequest(byAddress)).toBeNull();
    const byCoordinates = createMapPlaceRequestSchema.parse({ name: 'Park', description: 'Line one\nline two', lat: 52.5, lng: 13.4, link: 'https://park.example/' });
    expect(coordinatesOfRequest(byCoordinates)).toEqual({ lat: 52.5, lng: 13.4 });
    expect(byCoordinates.description).toBe('Line one\nline two');
  });

  it('refuses each bad field with its key', () => {
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: '' }))).toEqual(['name:required', 'address:required']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x'.repeat(101), address: 'a' }))).toEqual(['name:too_long']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x', description: 'd'.repeat(501), address: 'a' }))).toEqual(['description:too_long']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x', address: 'a', link: 'javascript:alert(1)' }))).toEqual(['link:invalid_format']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x', lat: 91, lng: 0 }))).toEqual(['lat:too_big']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x', lat: 50 }))).toEqual(['lng:required']);
    expect(keysOf(createMapPlaceRequestSchema.safeParse({ name: 'x', address: 'a\u0000' }))).toEqual(['address:invalid_characters']);
    expect(createMapPlaceRequestSchema.safeParse({ name: 'x', address: 'a', slug: 'y' }).success).toBe(false);
    expect(keysOf(editMapPlaceRequestSchema.safeParse({ name: 'x', address: 'a' }))).toEqual(['revision:invalid_type']);
  });
});
