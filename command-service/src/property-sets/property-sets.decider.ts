import { storedPropertySetOf, type PropertySetChange, type PropertySetContext, type PropertySetEvent, type StoredPropertySet } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface PropertySetState {
  /** saves so far: the revision an editor is read at */
  revision: number;
  set: StoredPropertySet | null;
}

export type PropertySetCommand = {
  type: 'SavePropertySet';
  name: string;
  context: PropertySetContext;
  change: PropertySetChange;
  may_edit: boolean;
  /** what a modified set asks of its parent that the parent lacks (`modificationIssues`), as [field, key] */
  issues: Array<[string, string]>;
};

export const propertySetDecider: Decider<PropertySetState, PropertySetCommand, PropertySetEvent> = {
  initialState: () => ({ revision: 0, set: null }),
  evolve: (state, event) => {
    if (event.type !== 'PropertySetSaved') return state;
    const { name, type, properties, tag_parents, modifications } = event.data;
    const set: StoredPropertySet = type === 'basic' ? { name, type, properties, tag_parents, modifications: [] } : { name, type, properties: [], tag_parents: [], modifications };
    return { revision: state.revision + 1, set };
  },
  decide: (command, state) => {
    if (!command.may_edit) throw new DomainError('forbidden', 'forbidden');
    const [issue] = command.issues;
    if (issue) throw new DomainError(issue[1], 'invalid', issue[0]);
    // a save never silently undoes another one made since the editor was read
    if (command.change.revision !== state.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
    const set = storedPropertySetOf(command.name, command.change);
    return [{ type: 'PropertySetSaved', data: { ...set, context_type: command.context.context_type, context_id: command.context.context_id } }];
  },
};
