import { changeMembershipSettingsRequestSchema, DEFAULT_MEMBERSHIP_SETTINGS, mayReactivateMemberEmail, membershipSettingsAbilities, type MembershipSettings, type MembershipSettingsEvent, type RequestedMembershipSettings } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { membershipSettingsDecider, type MembershipSettingsCommand } from './membership-settings.decider';

const spec = deciderSpecification(membershipSettingsDecider);
const mail = { digests: { enabled: true, max_upcoming_appointments: 5 }, daily_activity: { enabled: false, mode: 'new' as const } };
const selected: MembershipSettings = { ...DEFAULT_MEMBERSHIP_SETTINGS, email_digests: { enabled: true, switch: 'selected_groups', group_ids: ['g1'], include_network_level: false } };
const change = (settings: RequestedMembershipSettings, options: { by?: string; admin?: boolean; groups?: string[] } = {}): MembershipSettingsCommand => ({
  type: 'ChangeMembershipSettings',
  member_id: 'm1',
  settings,
  can: membershipSettingsAbilities({ member_id: options.by ?? 'm1', network_admin: options.admin ?? false }, 'm1', mail),
  member_group_ids: options.groups ?? ['g1'],
});
const changed = (settings: MembershipSettings): MembershipSettingsEvent => ({ type: 'MembershipSettingsChanged', data: { member_id: 'm1', settings } });

describe('membershipSettingsDecider', () => {
  describe('the bounce list', () => {
    const bounced: MembershipSettingsEvent = { type: 'MemberEmailBounced', data: { member_id: 'm1', reason: '550 5.1.1 user unknown' } };
    const reactivated: MembershipSettingsEvent = { type: 'MemberEmailReactivated', data: { member_id: 'm1' } };
    const reactivate = (by: string, admin = false): MembershipSettingsCommand => ({ type: 'ReactivateMemberEmail', member_id: 'm1', allowed: mayReactivateMemberEmail({ member_id: by, network_admin: admin }, 'm1') });

    it('activates a bounce-listed address again, for the member themself or a network administrator', () => {
      spec.given([bounced]).when(reactivate('m1')).then([reactivated]);
      spec.given([bounced]).when(reactivate('m2', true)).then([reactivated]);
    });

    it('refuses another member (403) and an address that is not listed (409 not_bounced)', () => {
      expect(spec.given([bounced]).when(reactivate('m2')).thenRefused('forbidden').kind).toBe('forbidden');
      expect(spec.given([]).when(reactivate('m1')).thenRefused('not_bounced').kind).toBe('conflict');
      expect(spec.given([bounced, reactivated]).when(reactivate('m1')).thenRefused('not_bounced').kind).toBe('conflict');
    });

    it('keeps the settings across a bounce', () => {
      spec.given([changed(selected), bounced, reactivated]).when(change(selected)).then([]);
    });

    it('offers can.reactivate only while listed, by the rule the command refuses by', () => {
      for (const [by, admin] of [['m1', false], ['m2', false], ['m2', true]] as const) {
        expect(membershipSettingsAbilities({ member_id: by, network_admin: admin }, 'm1', mail, true).reactivate).toBe(mayReactivateMemberEmail({ member_id: by, network_admin: admin }, 'm1'));
        expect(membershipSettingsAbilities({ member_id: by, network_admin: admin }, 'm1', mail, false).reactivate).toBe(false);
      }
    });
  });

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

  describe("the member's time zone", () => {
    const { time_zone: _left, ...withoutZone } = selected;
    const inNewYork = { ...selected, time_zone: 'America/New_York' };

    it('records a zone, and keeps it when a change leaves it out (an older console never resets it)', () => {
      spec.given([]).when(change(inNewYork)).then([changed(inNewYork)]);
      spec.given([changed(inNewYork)]).when(change(withoutZone)).then([]);
      const daily = { ...withoutZone, email_newsletter: false };
      spec.given([changed(inNewYork)]).when(change(daily)).then([changed({ ...daily, time_zone: 'America/New_York' })]);
    });

    it("null goes back to the network's zone", () => {
      spec.given([changed(inNewYork)]).when(change({ ...selected, time_zone: null })).then([changed(selected)]);
    });

    it('settings saved before the zone existed count as null: the same settings again append nothing', () => {
      const before = { type: 'MembershipSettingsChanged', data: { member_id: 'm1', settings: withoutZone } } as unknown as MembershipSettingsEvent;
      spec.given([before]).when(change(withoutZone)).then([]);
      spec.given([before]).when(change(selected)).then([]);
    });

    it('accepts IANA zones only', () => {
      const parse = (zone: unknown) => changeMembershipSettingsRequestSchema.safeParse({ ...selected, time_zone: zone });
      expect(parse('Europe/Berlin').success).toBe(true);
      expect(parse(null).success).toBe(true);
      expect(parse('Mars/Olympus').error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['time_zone', 'invalid']]);
      expect(parse(42).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['time_zone', 'invalid_type']]);
      expect(changeMembershipSettingsRequestSchema.parse(withoutZone).time_zone).toBeUndefined();
    });
  });
});
