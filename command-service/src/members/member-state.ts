import type { MemberEvent } from '@cn/contracts';

/** What the member stream's deciders need to know about the member. */
export interface MemberState {
  status: 'unknown' | 'registered' | 'erased';
}

export const initialMemberState = (): MemberState => ({ status: 'unknown' });

export const evolveMember = (state: MemberState, event: MemberEvent): MemberState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { status: 'registered' };
    case 'MemberErased':
      return { status: 'erased' };
    default:
      return state;
  }
};
