import { DEFAULT_MEMBERSHIP_SETTINGS, membershipSettingsAbilities, type MembershipSettings, type MembershipSettingsEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { membershipSettingsDecider, type MembershipSettingsCommand } from './membership-settings.decider';

const spec = deciderSpecification(membershipSettingsDecider);
const mail = { digests: { enabled: true, max_upcoming_appointments: 5 }, daily_activity: { enabled: false, mode: 'new' as const } };
const selected: MembershipSettings = { ...DEFAULT_MEMBERSHIP_SETTINGS, email_digests: { enabled: true, switch: 'selected_groups', group_ids: ['g1'], include_network_level: false } };
const change = (settings: MembershipSettings, options: { by?: string; admin?: boolean; groups?: string[] } = {}): MembershipSettingsCommand => ({
  type: 'ChangeMembershipSettings',
  member_id: 'm1',
  settings,
  can: membershipSettingsAbilities({ member_id: options.by ?? 'm1', network_admin: options.admin ?? false }, 'm1', mail),
  member_group_ids: options.groups ?? ['g1'],
});
const changed = (settings: MembershipSettings): MembershipSettingsEvent => ({ type: 'MembershipSettingsChanged', data: { member_id: 'm1', settings } });

describe('membershipSettingsDecider', () => {
  it('records the member\'s own settings, and nothing when they are the same again', () => {
    spec.given([]).when(change(selected)).then([changed(selected)]);
    spec.given([changed(selected)]).when(change(selected)).then([]);
  });

  it('refuses another member, even a network administrator', () => {
    expect(spec.given([]).when(change(selected, { by: 'm2', admin: true })).thenRefused('forbidden').kind).toBe('forbidden');
  });

  it('refuses what the network does not offer, naming the field', () => {
    const daily = { ...selected, email_daily_digests: { ...selected.email_daily_digests, enabled: true } };
    expect(spec.given([]).when(change(daily)).thenRefused('digests_disabled').field).toBe('email_daily_digests.enabled');
    const admin = { ...selected, email_admin_notifications: ['abuse_reports' as const] };
    expect(spec.given([]).when(change(admin)).thenRefused('forbidden').field).toBe('email_admin_notifications');
    spec.given([]).when(change(admin, { admin: true })).then([changed(admin)]);
  });

  it('refuses selected groups the member is not in', () => {
    const refused = spec.given([]).when(change(selected, { groups: [] })).thenRefused('not_a_member');
    expect([refused.kind, refused.field]).toEqual(['invalid', 'email_digests.group_ids']);
  });
});
