import type { ChangeRequestEvent, MemberViewer } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMemberProfile, initialMemberProfileState, type MemberProfileState, type MemberStreamEvent } from '../profile-state';
import { decideUpdateProfile, type UpdateMemberProfile } from '../updating-profile/update-profile.decider';
import { decideChangeRequest, type ChangeRequestState } from './change-request.decider';

/**
 * Answering a change request is decided on the member's stream: the answer and, on acceptance, the
 * profile change are one append there, so a crash cannot leave an accepted request without its change (or
 * the reverse), and two answers racing for one member meet on that stream's revision.
 */
export interface AnswerChangeRequestState {
  profile: MemberProfileState;
  /** answers this member's stream holds, by change request id (older answers sit on the request's own stream) */
  answers: Record<string, 'accepted' | 'rejected'>;
}

export interface AnswerChangeRequest {
  type: 'AnswerChangeRequest';
  change_request_id: string;
  actor: MemberViewer;
  accept: boolean;
  /** the request as its own stream tells it (submission, and an answer written there before answers moved here) */
  request: ChangeRequestState;
  /** the requested values as the administrator's profile edit (when accepting) */
  update: UpdateMemberProfile | null;
}

export type AnswerChangeRequestEvent = MemberStreamEvent | ChangeRequestEvent;

export const initialAnswerChangeRequestState = (): AnswerChangeRequestState => ({ profile: initialMemberProfileState(), answers: {} });

export const evolveAnswerChangeRequest = (state: AnswerChangeRequestState, event: AnswerChangeRequestEvent): AnswerChangeRequestState => {
  switch (event.type) {
    case 'ChangeRequestAccepted':
      return { ...state, answers: { ...state.answers, [event.data.change_request_id]: 'accepted' } };
    case 'ChangeRequestRejected':
      return { ...state, answers: { ...state.answers, [event.data.change_request_id]: 'rejected' } };
    case 'ChangeRequestSubmitted':
      return state;
    default:
      return { ...state, profile: evolveMemberProfile(state.profile, event) };
  }
};

export const decideAnswerChangeRequest = (command: AnswerChangeRequest, state: AnswerChangeRequestState): AnswerChangeRequestEvent[] => {
  const status = command.request.status === 'open' ? (state.answers[command.change_request_id] ?? 'open') : command.request.status;
  const answer = decideChangeRequest(
    { type: 'AnswerChangeRequest', change_request_id: command.change_request_id, actor: command.actor, accept: command.accept },
    { ...command.request, status },
  );
  if (answer[0]?.type !== 'ChangeRequestAccepted') return answer;
  if (!command.update) throw new DomainError('not_encrypted', 'invalid');
  // the change first: a reader of the stream never sees the acceptance before the values it accepted
  return [...decideUpdateProfile(command.update, state.profile), ...answer];
};

export const answerChangeRequestDecider: Decider<AnswerChangeRequestState, AnswerChangeRequest, AnswerChangeRequestEvent> = {
  initialState: initialAnswerChangeRequestState,
  evolve: evolveAnswerChangeRequest,
  decide: decideAnswerChangeRequest,
};
