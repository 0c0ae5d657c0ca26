import { createHash } from 'node:crypto';
import type { CalendarTokenEvent, MemberEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** The webcal token lives on the member stream; only its hash is stored. */
export const hashCalendarToken = (token: string): string => createHash('sha256').update(token).digest('hex');

interface TokenState {
  member: 'unknown' | 'registered' | 'erased';
  has_token: boolean;
}

export type CalendarTokenCommand = { type: 'IssueCalendarToken'; member_id: string; token_hash: string } | { type: 'RevokeCalendarToken'; member_id: string };

export const calendarTokenDecider: Decider<TokenState, CalendarTokenCommand, MemberEvent | CalendarTokenEvent> = {
  initialState: () => ({ member: 'unknown', has_token: false }),
  snapshot: { name: 'calendar-token', version: 1 },
  evolve: (state, event) => {
    switch (event.type) {
      case 'MemberRegistered':
        return { ...state, member: 'registered' };
      case 'MemberErased':
        return { member: 'erased', has_token: false };
      case 'MemberCalendarTokenIssued':
        return { ...state, has_token: true };
      case 'MemberCalendarTokenRevoked':
        return { ...state, has_token: false };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (state.member !== 'registered') throw new DomainError(state.member === 'erased' ? 'member_erased' : 'not_found', state.member === 'erased' ? 'refused' : 'not_found');
    switch (command.type) {
      case 'IssueCalendarToken':
        return [{ type: 'MemberCalendarTokenIssued', data: { member_id: command.member_id, token_hash: command.token_hash } }];
      case 'RevokeCalendarToken':
        // revoking what is not there changes nothing
        return state.has_token ? [{ type: 'MemberCalendarTokenRevoked', data: { member_id: command.member_id } }] : [];
    }
  },
};
