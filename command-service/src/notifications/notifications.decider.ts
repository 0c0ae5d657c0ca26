import type { NotificationsEvent } from '@cn/contracts';
import type { Decider } from '@cn/domain';

/** How far a member has read their notifications, folded from their notifications stream. */
export interface NotificationsState {
  up_to: number;
}

export type NotificationsCommand = { type: 'MarkNotificationsRead'; member_id: string; up_to: number };

/** Reading only moves forward: an older position (another console that was behind) changes nothing. */
export const notificationsDecider: Decider<NotificationsState, NotificationsCommand, NotificationsEvent> = {
  initialState: () => ({ up_to: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NotificationsRead':
        return { up_to: Math.max(state.up_to, event.data.up_to) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'MarkNotificationsRead':
        return command.up_to > state.up_to ? [{ type: 'NotificationsRead', data: { member_id: command.member_id, up_to: command.up_to } }] : [];
    }
  },
};
