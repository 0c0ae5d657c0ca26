import { DEFAULT_NETWORK_SETTINGS, type MemberSettings } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { canOf } from './can';
import { mapConfigOf } from './network-response';
import { networkProjection } from './network.projection';
import type { MemberDocument } from '../members/members.projection';

const memberTab = (change: Partial<MemberSettings>): MemberSettings => ({ ...DEFAULT_NETWORK_SETTINGS.member, ...change });

describe('network projection', () => {
  it('starts from the defaults and takes each changed tab whole', () => {
    const basic = { name: 'Verein', language: 'en' as const, abuse_reports_enabled: true };
    const events = [
      recorded('NetworkBasicSettingsChanged', { network_id: 'default', basic, changed_fields: ['name'] }),
      recorded('NetworkMemberSettingsChanged', {
        network_id: 'default',
        member: memberTab({ directory_default_sort: 'first_name' }),
        changed_fields: ['directory_default_sort'],
      }),
    ];
    const doc = project(networkProjection, events, 'default');
    expect(doc?.settings.basic).toEqual(basic);
    expect(doc?.settings.member.directory_default_sort).toBe('first_name');
    expect(doc?.settings.join).toEqual(DEFAULT_NETWORK_SETTINGS.join);
    expect(doc?._position).toBe(events[1]?.position);
  });

  it('changes nothing when the same event is applied twice', () => {
    const event = recorded('NetworkMailSettingsChanged', {
      network_id: 'default',
      mail: { ...DEFAULT_NETWORK_SETTINGS.mail, notifications_send_direct_message_body: false },
      changed_fields: ['notifications_send_direct_message_body'],
    });
    const once = project(networkProjection, [event], 'default');
    expect(project(networkProjection, [event, event], 'default')).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(networkProjection, [event], 'default')).toEqual(once);
    expect(project(networkProjection, [event], 'default', once)).toEqual(once);
  });
});

describe('can', () => {
  const member = (roles: Partial<MemberDocument['roles']>): MemberDocument => ({
    _id: 'm1',
    _position: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.org',
    roles: { network_admin: false, auditor: false, external: false, ...roles },
    presence: null,
    deleted: false,
    administered_category_ids: [],
  });
  const settings = (member: Partial<MemberSettings>) => ({ ...DEFAULT_NETWORK_SETTINGS, member: memberTab(member) });

  it('allows nothing when signed out', () => {
    expect(Object.values(canOf(null, DEFAULT_NETWORK_SETTINGS)).some(Boolean)).toBe(false);
  });

  it('lets admins administrate and audit, auditors only audit', () => {
    expect(canOf(member({ network_admin: true }), DEFAULT_NETWORK_SETTINGS)).toMatchObject({ administrate: true, audit: true });
    expect(canOf(member({ auditor: true }), DEFAULT_NETWORK_SETTINGS)).toMatchObject({ administrate: false, audit: true });
    expect(canOf(member({}), DEFAULT_NETWORK_SETTINGS)).toMatchObject({ administrate: false, audit: false });
  });

  it('offers network calendars to admins only, as the command side allows them', () => {
    expect(canOf(member({ network_admin: true }), DEFAULT_NETWORK_SETTINGS).create_calendars).toBe(true);
    expect(canOf(member({}), DEFAULT_NETWORK_SETTINGS).create_calendars).toBe(false);
    expect(canOf(member({}), DEFAULT_NETWORK_SETTINGS).create_appointments).toBe(true);
    expect(canOf(member({ external: true }), DEFAULT_NETWORK_SETTINGS).create_appointments).toBe(false);
  });

  it('follows the online status setting', () => {
    expect(canOf(member({}), settings({ show_online_status: 'optional' }))).toMatchObject({ set_status: true, set_invisible: true });
    expect(canOf(member({}), settings({ show_online_status: 'enabled' }))).toMatchObject({ set_status: true, set_invisible: false });
    expect(canOf(member({}), settings({ show_online_status: 'disabled' }))).toMatchObject({ set_status: false, set_invisible: false });
  });

  it('lets external members chat only when guests may', () => {
    expect(canOf(member({ external: true }), settings({ guest_users_allow_chat: false })).chat).toBe(false);
    expect(canOf(member({ external: true }), settings({ guest_users_allow_chat: true })).chat).toBe(true);
    expect(canOf(member({}), settings({ guest_users_allow_chat: false })).chat).toBe(true);
  });

  it("keeps where the reactor placed the network's address across settings changes, and the centre follows it", () => {
    const location = { street: 'Rathausmarkt', number: '1', zip: '20095', city: 'Hamburg', country: 'DE', lat: null, lng: null };
    const events = [
      recorded('NetworkMemberSettingsChanged', { network_id: 'default', member: memberTab({ show_map: true, network_location: location }), changed_fields: ['network_location'] }),
      recorded('NetworkLocationGeocoded', { network_id: 'default', address: 'Rathausmarkt 1, 20095 Hamburg, DE', coordinates: { lat: 53.55, lng: 9.99 } }),
      recorded('NetworkMemberSettingsChanged', { network_id: 'default', member: memberTab({ show_map: true, zoom_level: 10, network_location: location }), changed_fields: ['zoom_level'] }),
    ];
    const doc = project(networkProjection, events, 'default');
    expect(doc?.geocoded_location).toEqual({ address: 'Rathausmarkt 1, 20095 Hamburg, DE', coordinates: { lat: 53.55, lng: 9.99 } });
    expect(projectEachTwice(networkProjection, events, 'default')).toEqual(doc);
    expect(mapConfigOf(doc?.settings.member ?? DEFAULT_NETWORK_SETTINGS.member, 'https://tiles/{theme}/{z}/{x}/{y}.png', doc?.geocoded_location).center).toEqual({ lat: 53.55, lng: 9.99 });
    // another address is not centred on the old place
    const moved = { ...location, street: 'Jungfernstieg' };
    expect(mapConfigOf({ ...DEFAULT_NETWORK_SETTINGS.member, network_location: moved }, undefined, doc?.geocoded_location).center).toBeNull();
  });
});
