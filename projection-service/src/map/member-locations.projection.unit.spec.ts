import type { RecordedEvent } from '@cn/domain';
import { memberLocationsProjection, type MemberLocationDocument } from './member-locations.projection';

let position = 0;
const event = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ id: `e${++position}`, type, data, streamId: 'memberlocation-m1', revision: position, position, metadata: { schemaVersion: 1, occurredAt: '2026-11-23T00:00:00Z' } }) as unknown as RecordedEvent;

type Doc = ReturnType<typeof memberLocationsProjection.evolve>;
const apply = (events: RecordedEvent[]): Doc | null =>
  events.reduce<Doc | null>((doc, e) => memberLocationsProjection.evolve(doc === null ? null : ({ ...doc, _position: 0 } as MemberLocationDocument), e, 'm1'), null);

describe('member locations read model', () => {
  const changed = (revision: number, address: string | null) => event('MemberAddressChanged', { member_id: 'm1', address, revision });
  const geocoded = (revision: number) => event('MemberLocationGeocoded', { member_id: 'm1', revision, coordinates: { lat: 52.5, lng: 13.4 } });

  it('keeps the address and the place the geocoder found for it', () => {
    expect(apply([changed(1, 'Hauptstr. 1, Berlin'), geocoded(1)])).toMatchObject({ address: 'Hauptstr. 1, Berlin', coordinates: { lat: 52.5, lng: 13.4 } });
  });

  it('ignores an answer for an older address and clears on an unresolvable one', () => {
    expect(apply([changed(1, 'a'), changed(2, 'b'), geocoded(1)])?.coordinates).toBeNull();
    expect(apply([changed(1, 'a'), geocoded(1), changed(2, 'b'), event('MemberLocationCleared', { member_id: 'm1', revision: 2, reason: 'not_found' })])?.coordinates).toBeNull();
  });

  it('drops erased members and coordinates that arrive as fallbacks', () => {
    expect(apply([changed(1, 'a'), geocoded(1), event('MemberErased', { member_id: 'm1' })])).toBeNull();
    expect(apply([changed(1, 'a'), event('MemberLocationGeocoded', { member_id: 'm1', revision: 1, coordinates: '' })])?.coordinates).toBeNull();
  });

  it('changes nothing when an event is applied twice', () => {
    const once = apply([changed(1, 'a'), geocoded(1)]);
    expect(memberLocationsProjection.evolve(once && ({ ...once, _position: 0 } as MemberLocationDocument), geocoded(1), 'm1')).toMatchObject(once ?? {});
  });
});
