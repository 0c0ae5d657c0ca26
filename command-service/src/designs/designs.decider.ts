import type { DesignEvent, DesignScopeEvent, DesignScopeType } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface DesignFields {
  name: string;
  primary_color: string;
  primary_text_color: string;
  background_color: string;
  logo_url: string | null;
}

export interface DesignState {
  exists: boolean;
  deleted: boolean;
  scope_type: DesignScopeType;
  scope_id: string;
  fields: DesignFields | null;
}

/** `may_edit` and `is_active` are the handler's (the issuer's rights in the design's scope, the scope's stream) */
export type DesignCommand =
  | ({ type: 'CreateDesign'; design_id: string; scope_type: DesignScopeType; scope_id: string; may_edit: boolean } & DesignFields)
  | ({ type: 'EditDesign'; design_id: string; may_edit: boolean } & DesignFields)
  | { type: 'DeleteDesign'; design_id: string; may_edit: boolean; is_active: boolean };

const initialState = (): DesignState => ({ exists: false, deleted: false, scope_type: 'network', scope_id: '', fields: null });

const fieldsOf = ({ name, primary_color, primary_text_color, background_color, logo_url }: DesignFields): DesignFields => ({ name, primary_color, primary_text_color, background_color, logo_url });

const allowed = (may: boolean): void => {
  if (!may) throw new DomainError('forbidden', 'forbidden');
};

/** A design's own stream: created in a scope, edited, deleted (never while it is the scope's active one). */
export const designDecider: Decider<DesignState, DesignCommand, DesignEvent> = {
  initialState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'DesignCreated':
        return { exists: true, deleted: false, scope_type: event.data.scope_type, scope_id: event.data.scope_id, fields: fieldsOf(event.data) };
      case 'DesignChanged':
        return { ...state, fields: fieldsOf(event.data) };
      case 'DesignDeleted':
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateDesign': {
        allowed(command.may_edit);
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        return [{ type: 'DesignCreated', data: { design_id: command.design_id, scope_type: command.scope_type, scope_id: command.scope_id, ...fieldsOf(command) } }];
      }
      case 'EditDesign': {
        if (!state.exists || state.deleted) throw new DomainError('not_found', 'not_found');
        allowed(command.may_edit);
        const fields = fieldsOf(command);
        if (JSON.stringify(fields) === JSON.stringify(state.fields)) return [];
        return [{ type: 'DesignChanged', data: { design_id: command.design_id, ...fields } }];
      }
      case 'DeleteDesign': {
        if (!state.exists || state.deleted) throw new DomainError('not_found', 'not_found');
        allowed(command.may_edit);
        if (command.is_active) throw new DomainError('design_active', 'conflict');
        return [{ type: 'DesignDeleted', data: { design_id: command.design_id } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};

export interface DesignScopeState {
  active: string | null;
}

export type DesignScopeCommand = { type: 'ActivateDesign'; scope_type: DesignScopeType; scope_id: string; design_id: string; active: boolean };

/** A scope's stream: which of its designs is active (one at most). The handler has checked the design and the rights. */
export const designScopeDecider: Decider<DesignScopeState, DesignScopeCommand, DesignScopeEvent> = {
  initialState: () => ({ active: null }),
  evolve: (state, event) => (event.type === 'DesignActivated' ? { active: event.data.design_id } : state),
  decide: (command, state) => {
    const next = command.active ? command.design_id : state.active === command.design_id ? null : state.active;
    if (next === state.active) return [];
    return [{ type: 'DesignActivated', data: { scope_type: command.scope_type, scope_id: command.scope_id, design_id: next, previous_design_id: state.active } }];
  },
};
