import {
  CHANGE_REQUEST_FIELDS,
  memberProfileAbilities,
  type ChangeRequestEvent,
  type ChangeRequestField,
  type ChangeRequestSettings,
  type EncryptedEnvelope,
  type MemberViewer,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

type Envelope = string | EncryptedEnvelope;

/** One change request (its own stream): who asked, for which fields and values, and its answer. */
export interface ChangeRequestState {
  status: 'none' | 'open' | 'accepted' | 'rejected';
  member_id: string;
  fields: ChangeRequestField[];
  values: { first_name?: Envelope; last_name?: Envelope; birthday?: Envelope | null };
}

export const initialChangeRequestState = (): ChangeRequestState => ({ status: 'none', member_id: '', fields: [], values: {} });

export const evolveChangeRequest = (state: ChangeRequestState, event: ChangeRequestEvent): ChangeRequestState => {
  switch (event.type) {
    case 'ChangeRequestSubmitted': {
      const { first_name, last_name, birthday } = event.data;
      const values: ChangeRequestState['values'] = {};
      if (first_name !== undefined) values.first_name = first_name;
      if (last_name !== undefined) values.last_name = last_name;
      if (birthday !== undefined) values.birthday = birthday;
      return { status: 'open', member_id: event.data.member_id, fields: event.data.fields, values };
    }
    case 'ChangeRequestAccepted':
      return { ...state, status: 'accepted' };
    case 'ChangeRequestRejected':
      return { ...state, status: 'rejected' };
    default:
      return state;
  }
};

export type ChangeRequestCommand =
  | {
      type: 'SubmitChangeRequest';
      change_request_id: string;
      actor: MemberViewer;
      /** the fields asked for (those sent) */
      fields: ChangeRequestField[];
      /** their values, encrypted with the member's key */
      encrypted: ChangeRequestState['values'];
      change_requests: ChangeRequestSettings | undefined;
      now: string;
    }
  | { type: 'AnswerChangeRequest'; change_request_id: string; actor: MemberViewer; accept: boolean };

export const decideChangeRequest = (command: ChangeRequestCommand, state: ChangeRequestState): ChangeRequestEvent[] => {
  switch (command.type) {
    case 'SubmitChangeRequest': {
      if (state.status !== 'none') throw new DomainError('concurrency_conflict', 'conflict');
      const can = memberProfileAbilities(command.actor, { id: command.actor.id, deleted: false }, command.change_requests);
      if (!can.request_changes) throw new DomainError('forbidden', 'forbidden');
      if (command.fields.length === 0) throw new DomainError('selection_required', 'invalid');
      // only the fields the network's change requests cover (spec §5)
      const allowed: readonly ChangeRequestField[] = command.change_requests?.profile_fields ?? [];
      const outside = command.fields.find((field) => !allowed.includes(field));
      if (outside) throw new DomainError('field_not_requestable', 'invalid', outside);
      const ordered = CHANGE_REQUEST_FIELDS.filter((field) => command.fields.includes(field));
      return [
        {
          type: 'ChangeRequestSubmitted',
          data: { change_request_id: command.change_request_id, member_id: command.actor.id, fields: ordered, ...command.encrypted, submitted_at: command.now },
        },
      ];
    }
    case 'AnswerChangeRequest': {
      if (state.status === 'none') throw new DomainError('not_found', 'not_found');
      if (!command.actor.roles.network_admin) throw new DomainError('forbidden', 'forbidden');
      const data = { change_request_id: command.change_request_id, member_id: state.member_id };
      if (state.status === 'open') return [command.accept ? { type: 'ChangeRequestAccepted', data } : { type: 'ChangeRequestRejected', data }];
      // answered the same way twice: nothing more happens; the other way: too late
      if ((state.status === 'accepted') === command.accept) return [];
      throw new DomainError('change_request_closed', 'conflict');
    }
  }
};

export const changeRequestDecider: Decider<ChangeRequestState, ChangeRequestCommand, ChangeRequestEvent> = {
  initialState: initialChangeRequestState,
  evolve: evolveChangeRequest,
  decide: decideChangeRequest,
};
