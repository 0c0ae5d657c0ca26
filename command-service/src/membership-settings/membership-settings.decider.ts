import { unofferedSetting, type MembershipSettings, type RequestedMembershipSettings, type MembershipSettingsCan, type MembershipSettingsEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** A member's settings as their stream has them (null: the defaults, never changed). */
export interface MembershipSettingsState {
  settings: MembershipSettings | null;
  /** the address is bounce-listed (MemberEmailBounced, not reactivated since) */
  bounced: boolean;
}

export type MembershipSettingsCommand =
  | {
      type: 'ReactivateMemberEmail';
      member_id: string;
      /** mayReactivateMemberEmail for the issuer: the rule the console's `can.reactivate` comes from */
      allowed: boolean;
    }
  | {
      type: 'ChangeMembershipSettings';
      member_id: string;
      /** `time_zone` undefined: the member's zone stays as it is */
      settings: RequestedMembershipSettings;
      /** membershipSettingsAbilities for the issuer: the rule the console's flags come from */
      can: MembershipSettingsCan;
      /** of the selected groups, those the member belongs to */
      member_group_ids: readonly string[];
    };

const notMine = (selected: readonly string[], mine: readonly string[]): boolean => selected.some((id) => !mine.includes(id));

export const membershipSettingsDecider: Decider<MembershipSettingsState, MembershipSettingsCommand, MembershipSettingsEvent> = {
  initialState: () => ({ settings: null, bounced: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MembershipSettingsChanged':
        return { ...state, settings: event.data.settings };
      case 'MemberEmailBounced':
        return { ...state, bounced: true };
      case 'MemberEmailReactivated':
        return { ...state, bounced: false };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReactivateMemberEmail':
        if (!command.allowed) throw new DomainError('forbidden', 'forbidden');
        // an address that is not listed has nothing to activate: 409, nothing appended
        if (!state.bounced) throw new DomainError('not_bounced', 'conflict');
        return [{ type: 'MemberEmailReactivated', data: { member_id: command.member_id } }];
      case 'ChangeMembershipSettings': {
        if (!command.can.edit) throw new DomainError('forbidden', 'forbidden');
        const unoffered = unofferedSetting(command.settings, command.can.tabs);
        if (unoffered) throw new DomainError(unoffered[1], 'refused', unoffered[0]);
        for (const digest of ['email_digests', 'email_daily_digests'] as const) {
          if (notMine(command.settings[digest].group_ids, command.member_group_ids)) throw new DomainError('not_a_member', 'invalid', `${digest}.group_ids`);
        }
        const settings: MembershipSettings = { ...command.settings, time_zone: command.settings.time_zone === undefined ? (state.settings?.time_zone ?? null) : command.settings.time_zone };
        // the same settings again change nothing (settings saved before the zone existed have none: null)
        if (state.settings && JSON.stringify({ ...state.settings, time_zone: state.settings.time_zone ?? null }) === JSON.stringify(settings)) return [];
        return [{ type: 'MembershipSettingsChanged', data: { member_id: command.member_id, settings } }];
      }
    }
  },
};
