import type { MemberLocationEvent, MemberRoles } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { memberLocationDecider, type RecordMemberLocation, type SetMemberAddress } from './member-location.decider';

const member: MemberRoles = { network_admin: false, auditor: false, external: false };
const admin: MemberRoles = { ...member, network_admin: true };
const sealed = (value: string) => ({ $pii: value, subject: 'm1' });

const setAddress = (overrides: Partial<SetMemberAddress> = {}): SetMemberAddress => ({
  type: 'SetMemberAddress',
  actor: { id: 'm1', roles: member },
  subject: { id: 'm1', deleted: false },
  address: sealed('Hauptstr. 1, 10115 Berlin'),
  changed: true,
  ...overrides,
});
const record = (overrides: Partial<RecordMemberLocation> = {}): RecordMemberLocation => ({
  type: 'RecordMemberLocation',
  member_id: 'm1',
  revision: 1,
  coordinates: sealed('{"lat":52.5,"lng":13.4}'),
  ...overrides,
});
const changed = (revision: number, address: string | null = 'Hauptstr. 1, 10115 Berlin'): MemberLocationEvent => ({
  type: 'MemberAddressChanged',
  data: { member_id: 'm1', address: address === null ? null : sealed(address), revision },
});
const geocoded = (revision: number): MemberLocationEvent => ({
  type: 'MemberLocationGeocoded',
  data: { member_id: 'm1', revision, coordinates: sealed('{"lat":52.5,"lng":13.4}') },
});

const spec = deciderSpecification(memberLocationDecider);

describe('a member address on the map', () => {
  it('records an address change with the next revision', () => {
    spec.given([]).when(setAddress()).then([changed(1)]);
    spec.given([changed(1), geocoded(1)]).when(setAddress()).then([changed(2)]);
  });

  it('changes nothing when the address is the same', () => {
    spec.given([changed(1)]).when(setAddress({ changed: false })).then([]);
  });

  it('takes the member off the map at once when the address is removed', () => {
    spec
      .given([changed(1), geocoded(1)])
      .when(setAddress({ address: null }))
      .then([changed(2, null), { type: 'MemberLocationCleared', data: { member_id: 'm1', revision: 2, reason: 'no_address' } }]);
  });

  it('lets network administrators set anyone’s address and refuses other members', () => {
    spec.given([]).when(setAddress({ actor: { id: 'admin', roles: admin } })).then([changed(1)]);
    spec.given([]).when(setAddress({ actor: { id: 'm2', roles: member } })).thenRefused('forbidden');
    spec.given([]).when(setAddress({ subject: { id: 'm1', deleted: true } })).thenRefused('forbidden');
  });

  it('records a geocoding answer once, and only for the current address', () => {
    spec.given([changed(1)]).when(record()).then([geocoded(1)]);
    spec.given([changed(1), geocoded(1)]).when(record()).then([]);
    spec.given([changed(1), changed(2)]).when(record({ revision: 1 })).then([]);
    spec.given([changed(1), changed(2, null)]).when(record({ revision: 2 })).then([]);
  });

  it('records an unresolvable address as off the map', () => {
    spec
      .given([changed(1)])
      .when(record({ coordinates: null }))
      .then([{ type: 'MemberLocationCleared', data: { member_id: 'm1', revision: 1, reason: 'not_found' } }]);
  });
});
