import { memberAbilities, type CurrentMemberCan, type NetworkSettings } from '@cn/contracts';
import type { MemberDocument } from '../members/members.projection';

/** Abilities of the current member, decided here and never trusted from a console: the rules the route guards use. */
export const canOf = (member: MemberDocument | null, settings: NetworkSettings): CurrentMemberCan =>
  memberAbilities(member === null || member.deleted ? null : member.roles, settings);
