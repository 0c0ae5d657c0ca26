import type { NavigationEvent, NavigationItem } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface NavigationState {
  /** saves so far: the revision an editor is read at */
  revision: number;
}

export type NavigationCommand = { type: 'ChangeNavigation'; scope: string; navigation_items: NavigationItem[]; revision: number; may_edit: boolean };

export const navigationDecider: Decider<NavigationState, NavigationCommand, NavigationEvent> = {
  initialState: () => ({ revision: 0 }),
  evolve: (state, event) => (event.type === 'NavigationChanged' ? { revision: state.revision + 1 } : state),
  decide: (command, state) => {
    if (!command.may_edit) throw new DomainError('forbidden', 'forbidden');
    // an edit never silently undoes another one saved since the editor was read
    if (command.revision !== state.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
    return [{ type: 'NavigationChanged', data: { scope: command.scope, navigation_items: command.navigation_items } }];
  },
};
