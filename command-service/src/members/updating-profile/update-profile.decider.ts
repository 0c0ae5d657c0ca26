import { lockedProfileFields, memberProfileAbilities, PROFILE_FIELDS, type ChangeRequestSettings, type EncryptedEnvelope, type MemberViewer, type ProfileField } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMemberProfile, initialMemberProfileState, type MemberProfileState, type MemberStreamEvent } from '../profile-state';

/** A profile in clear text: what the member sees on the form and what the rules compare. */
export interface PlainProfile {
  first_name: string;
  last_name: string;
  birthday: string | null;
  show_age: boolean;
}

export interface UpdateMemberProfile {
  type: 'UpdateMemberProfile';
  /** whose profile */
  member_id: string;
  actor: MemberViewer;
  /** the profile as the handler revealed it from the stream (the fields' changes are found on it) */
  current: PlainProfile;
  /** the fields sent, in clear text */
  changes: Partial<PlainProfile>;
  /** the same personal fields encrypted with the member's key: what the event carries */
  encrypted: { first_name?: EncryptedEnvelope; last_name?: EncryptedEnvelope; birthday?: EncryptedEnvelope | null };
  /** the network's change requests: the fields they cover are asked for, not edited, by members themselves */
  change_requests?: ChangeRequestSettings;
}

export const decideUpdateProfile = (command: UpdateMemberProfile, state: MemberProfileState): MemberStreamEvent[] => {
  if (state.status !== 'registered') throw new DomainError('not_found', 'not_found');
  const can = memberProfileAbilities(command.actor, { id: command.member_id, deleted: false });
  if (!can.update_profile) throw new DomainError('forbidden', 'forbidden');
  const defined = Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined)) as Partial<PlainProfile>;
  const next: PlainProfile = { ...command.current, ...defined };
  const changed: ProfileField[] = PROFILE_FIELDS.filter((field) => next[field] !== command.current[field]);
  if (changed.length === 0) return [];
  const locked = lockedProfileFields(command.actor, { id: command.member_id, deleted: false }, command.change_requests);
  const refused = changed.find((field) => (locked as readonly string[]).includes(field));
  if (refused) throw new DomainError('field_locked', 'forbidden', refused);
  const personal = <F extends 'first_name' | 'last_name' | 'birthday'>(field: F): MemberProfileState[F] | EncryptedEnvelope | null => {
    if (!changed.includes(field)) return state[field];
    const encrypted = command.encrypted[field];
    if (encrypted === undefined) throw new DomainError('not_encrypted', 'invalid', field);
    return encrypted;
  };
  return [
    {
      type: 'MemberProfileChanged',
      data: {
        member_id: command.member_id,
        first_name: personal('first_name') ?? '',
        last_name: personal('last_name') ?? '',
        birthday: personal('birthday'),
        show_age: next.show_age,
        changed_fields: changed,
      },
    },
  ];
};

export const updateProfileDecider: Decider<MemberProfileState, UpdateMemberProfile, MemberStreamEvent> = {
  initialState: initialMemberProfileState,
  evolve: evolveMemberProfile,
  decide: decideUpdateProfile,
};
