import { widgetAllowedIn, type Widget, type WidgetBarEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface WidgetBarState {
  /** saves so far: the revision an editor is read at */
  revision: number;
}

export type WidgetBarCommand = { type: 'SaveWidgetBar'; scope: string; slug: string; widgets: Widget[]; revision: number; may_edit: boolean };

export const widgetBarDecider: Decider<WidgetBarState, WidgetBarCommand, WidgetBarEvent> = {
  initialState: () => ({ revision: 0 }),
  evolve: (state, event) => (event.type === 'WidgetBarSaved' ? { revision: state.revision + 1 } : state),
  decide: (command, state) => {
    if (!command.may_edit) throw new DomainError('forbidden', 'forbidden');
    const misplaced = command.widgets.findIndex((widget) => !widgetAllowedIn(widget.type, command.scope));
    if (misplaced >= 0) throw new DomainError('widget_only_in_groups', 'invalid', `widgetbar.widgets.${misplaced}.type`);
    // a save never silently undoes another one made since the editor was read
    if (command.revision !== state.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
    return [{ type: 'WidgetBarSaved', data: { scope: command.scope, slug: command.slug, widgets: command.widgets } }];
  },
};
