import type { ChatCan, ChatDraftEvent, EncryptedEnvelope } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** whether the member has a draft in this chat: clearing none appends nothing */
export interface ChatDraftState {
  has_draft: boolean;
}

export type ChatDraftCommand = {
  type: 'SaveChatDraft';
  chat_key: string;
  member_id: string;
  can: ChatCan;
  /** '' clears; anything else arrives encrypted under the member's key */
  text: EncryptedEnvelope | string;
};

/**
 * A member's draft of one chat (its own stream): whoever may read the chat may clear their draft, only
 * whoever may write in it may keep one.
 */
export const chatDraftDecider: Decider<ChatDraftState, ChatDraftCommand, ChatDraftEvent> = {
  initialState: () => ({ has_draft: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ChatDraftSaved':
        return { has_draft: event.data.text !== '' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveChatDraft': {
        if (!command.can.read) throw new DomainError('forbidden', 'forbidden');
        const clearing = command.text === '';
        if (clearing && !state.has_draft) return [];
        if (!clearing && !command.can.write) throw new DomainError('chat_read_only', 'refused');
        return [{ type: 'ChatDraftSaved', data: { chat_key: command.chat_key, member_id: command.member_id, text: command.text } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
