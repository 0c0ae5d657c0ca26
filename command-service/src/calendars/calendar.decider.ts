import {
  calendarAbilities,
  canCreateCalendar,
  type CalendarEvent,
  type CalendarFacts,
  type Viewer,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface CalendarState {
  status: 'unknown' | 'active' | 'deleted';
  calendar_id: string;
  type: CalendarFacts['type'];
  author_id: string | null;
  parent_id: string | null;
  name: string;
  color: string;
  shared_with: string[];
}

export const initialCalendarState = (): CalendarState => ({
  status: 'unknown',
  calendar_id: '',
  type: 'personal',
  author_id: null,
  parent_id: null,
  name: '',
  color: '',
  shared_with: [],
});

export const evolveCalendar = (state: CalendarState, event: CalendarEvent): CalendarState => {
  switch (event.type) {
    case 'CalendarCreated':
      return {
        ...state,
        status: 'active',
        calendar_id: event.data.calendar_id,
        type: event.data.type,
        author_id: event.data.author_id,
        parent_id: event.data.parent_id,
        name: event.data.name,
        color: event.data.color,
      };
    case 'CalendarUpdated':
      return { ...state, name: event.data.name, color: event.data.color };
    case 'CalendarDeleted':
      return { ...state, status: 'deleted' };
    case 'CalendarShared':
      return { ...state, shared_with: [...state.shared_with, ...event.data.member_ids.filter((id) => !state.shared_with.includes(id))] };
    case 'CalendarShareRemoved':
      return { ...state, shared_with: state.shared_with.filter((id) => !event.data.member_ids.includes(id)) };
    default:
      return state;
  }
};

export const calendarFactsOf = (state: CalendarState): CalendarFacts => ({
  type: state.type,
  author_id: state.author_id,
  parent_id: state.parent_id,
  shared_with: state.shared_with,
});

export interface CreateCalendar {
  type: 'CreateCalendar';
  calendar_id: string;
  calendar_type: CalendarFacts['type'];
  parent_id: string | null;
  name: string;
  color: string;
  share_with: string[];
  viewer: Viewer;
  /** whether parent_id names an existing group (group calendars) */
  parent_group_exists: boolean;
}

export interface UpdateCalendar {
  type: 'UpdateCalendar';
  name: string;
  /** undefined keeps the colour */
  color: string | undefined;
  /** undefined keeps the shares; a list replaces them (personal calendars only) */
  share_with: string[] | undefined;
  viewer: Viewer;
}

export interface DeleteCalendar {
  type: 'DeleteCalendar';
  viewer: Viewer;
}

export interface ShareCalendar {
  type: 'ShareCalendar';
  member_ids: string[];
  viewer: Viewer;
}

/** A member removes a calendar shared with them from their calendars. */
export interface RemoveCalendarShare {
  type: 'RemoveCalendarShare';
  viewer: Viewer;
}

export type CalendarCommand = CreateCalendar | UpdateCalendar | DeleteCalendar | ShareCalendar | RemoveCalendarShare;

const requireActive = (state: CalendarState): void => {
  if (state.status !== 'active') throw new DomainError('not_found', 'not_found');
};

const requireManager = (state: CalendarState, viewer: Viewer, ability: 'update' | 'destroy'): void => {
  if (state.type === 'personal' && state.author_id !== viewer.member_id && state.shared_with.includes(viewer.member_id) && !viewer.network_admin) {
    throw new DomainError('shared_calendar_not_editable', 'forbidden');
  }
  if (!calendarAbilities(calendarFactsOf(state), viewer)[ability]) throw new DomainError('forbidden', 'forbidden');
};

const shareEvents = (state: CalendarState, calendarId: string, wanted: string[]): CalendarEvent[] => {
  const target = [...new Set(wanted)].filter((id) => id !== state.author_id);
  const added = target.filter((id) => !state.shared_with.includes(id));
  const removed = state.shared_with.filter((id) => !target.includes(id));
  return [
    ...(added.length > 0 ? [{ type: 'CalendarShared' as const, data: { calendar_id: calendarId, member_ids: added } }] : []),
    ...(removed.length > 0 ? [{ type: 'CalendarShareRemoved' as const, data: { calendar_id: calendarId, member_ids: removed } }] : []),
  ];
};

const decideCreate = (command: CreateCalendar, state: CalendarState): CalendarEvent[] => {
  if (state.status !== 'unknown') throw new DomainError('concurrency_conflict', 'conflict');
  if (command.calendar_type === 'group') {
    if (!command.parent_id) throw new DomainError('required', 'invalid', 'parent_id');
    if (!command.parent_group_exists) throw new DomainError('unknown_group', 'refused', 'parent_id');
  }
  if (command.calendar_type !== 'personal' && command.share_with.length > 0) throw new DomainError('invalid_value', 'invalid', 'calendar.membership_ids');
  const parentId = command.calendar_type === 'group' ? command.parent_id : null;
  if (!canCreateCalendar(command.calendar_type, parentId, command.viewer)) throw new DomainError('forbidden', 'forbidden');
  const created: CalendarEvent = {
    type: 'CalendarCreated',
    data: {
      calendar_id: command.calendar_id,
      name: command.name,
      color: command.color,
      type: command.calendar_type,
      parent_id: parentId,
      author_id: command.viewer.member_id,
    },
  };
  const owner = { ...state, author_id: command.viewer.member_id };
  return [created, ...shareEvents(owner, command.calendar_id, command.share_with)];
};

const decideUpdate = (command: UpdateCalendar, state: CalendarState): CalendarEvent[] => {
  requireActive(state);
  requireManager(state, command.viewer, 'update');
  if (state.type !== 'personal' && command.share_with !== undefined && command.share_with.length > 0) {
    throw new DomainError('invalid_value', 'invalid', 'calendar.membership_ids');
  }
  const color = command.color ?? state.color;
  const changed = [...(command.name !== state.name ? ['name'] : []), ...(color !== state.color ? ['color'] : [])];
  const updated: CalendarEvent[] =
    changed.length > 0 ? [{ type: 'CalendarUpdated', data: { calendar_id: state.calendar_id, name: command.name, color, changed_fields: changed } }] : [];
  const shares = state.type === 'personal' && command.share_with !== undefined ? shareEvents(state, state.calendar_id, command.share_with) : [];
  return [...updated, ...shares];
};

const decideDelete = (command: DeleteCalendar, state: CalendarState): CalendarEvent[] => {
  requireActive(state);
  requireManager(state, command.viewer, 'destroy');
  return [{ type: 'CalendarDeleted', data: { calendar_id: state.calendar_id } }];
};

const decideShare = (command: ShareCalendar, state: CalendarState): CalendarEvent[] => {
  requireActive(state);
  requireManager(state, command.viewer, 'update');
  if (state.type !== 'personal') throw new DomainError('invalid_value', 'refused', 'membership_ids');
  const added = [...new Set(command.member_ids)].filter((id) => id !== state.author_id && !state.shared_with.includes(id));
  return added.length > 0 ? [{ type: 'CalendarShared', data: { calendar_id: state.calendar_id, member_ids: added } }] : [];
};

const decideRemoveShare = (command: RemoveCalendarShare, state: CalendarState): CalendarEvent[] => {
  requireActive(state);
  if (!state.shared_with.includes(command.viewer.member_id)) throw new DomainError('not_shared', 'refused');
  return [{ type: 'CalendarShareRemoved', data: { calendar_id: state.calendar_id, member_ids: [command.viewer.member_id] } }];
};

export const calendarDecider: Decider<CalendarState, CalendarCommand, CalendarEvent> = {
  initialState: initialCalendarState,
  evolve: evolveCalendar,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateCalendar':
        return decideCreate(command, state);
      case 'UpdateCalendar':
        return decideUpdate(command, state);
      case 'DeleteCalendar':
        return decideDelete(command, state);
      case 'ShareCalendar':
        return decideShare(command, state);
      case 'RemoveCalendarShare':
        return decideRemoveShare(command, state);
      default: {
        const unexpected: never = command;
        throw new Error(`unknown command ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
