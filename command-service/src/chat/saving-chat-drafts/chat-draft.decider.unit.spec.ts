import type { ChatCan, ChatDraftEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { chatDraftDecider, type ChatDraftCommand } from './chat-draft.decider';

const spec = deciderSpecification(chatDraftDecider);
const KEY = 'm.ann.bob';
const ALL: ChatCan = { read: true, write: true, start_private_chat: false };
const READ_ONLY: ChatCan = { read: true, write: false, start_private_chat: false };
const NONE: ChatCan = { read: false, write: false, start_private_chat: false };

const save = (text: string, can: ChatCan = ALL): ChatDraftCommand => ({ type: 'SaveChatDraft', chat_key: KEY, member_id: 'ann', can, text });
const saved = (text: string): ChatDraftEvent => ({ type: 'ChatDraftSaved', data: { chat_key: KEY, member_id: 'ann', text } });

describe('chatDraftDecider', () => {
  it('saves a draft and clears it', () => {
    spec.given([]).when(save('half a thought')).then([saved('half a thought')]);
    spec.given([saved('half a thought')]).when(save('')).then([saved('')]);
  });
  it('clearing no draft appends nothing', () => {
    spec.given([]).when(save('')).then([]);
    spec.given([saved('x'), saved('')]).when(save('')).then([]);
  });
  it('keeps a draft only with the write flag; clearing one needs only reading', () => {
    expect(spec.given([]).when(save('x', READ_ONLY)).thenRefused('chat_read_only').kind).toBe('refused');
    spec.given([saved('x')]).when(save('', READ_ONLY)).then([saved('')]);
  });
  it('refuses whoever may not read the chat', () => {
    expect(spec.given([saved('x')]).when(save('', NONE)).thenRefused('forbidden').kind).toBe('forbidden');
  });
});
