import { createBodyOf, editBodyOf } from './map-places-data-provider';

describe('points of interest data provider', () => {
  it('sends an edit the whole place at the revision read, never where the server placed it', () => {
    const record = { id: 'p1', name: 'Library', description: 'Books', address: 'Hauptstr. 1, Berlin', link: null, lat: null, lng: null, located: { lat: 52.5, lng: 13.4 }, revision: 2 };
    expect(editBodyOf(record)).toEqual({ name: 'Library', description: 'Books', address: 'Hauptstr. 1, Berlin', link: '', lat: null, lng: null, revision: 2 });
  });

  it('reads emptied coordinates as none', () => {
    expect(createBodyOf({ name: 'Park', lat: '', lng: undefined, address: 'Parkweg 1' })).toEqual({ name: 'Park', description: '', address: 'Parkweg 1', link: '', lat: null, lng: null });
  });
});
