import { chatAbilities, type ChatCan, type ChatEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { chatDecider, type ChatCommand } from './chat.decider';

const spec = deciderSpecification(chatDecider);
const KEY = 'm.ann.bob';
const ALL: ChatCan = { read: true, write: true, start_private_chat: false };
const READ_ONLY: ChatCan = { read: true, write: false, start_private_chat: false };
const NONE: ChatCan = { read: false, write: false, start_private_chat: false };

const post = (member_id: string, message_id: string, extra: Partial<Extract<ChatCommand, { type: 'PostChatMessage' }>> = {}): ChatCommand => ({
  type: 'PostChatMessage', chat_key: KEY, member_id, can: ALL, message_id, text: 'hello', quoted_message_id: null, ...extra,
});
const posted = (author_id: string, message_id: string, seq: number, quoted_message_id: string | null = null): ChatEvent => ({
  type: 'ChatMessagePosted', data: { chat_key: KEY, message_id, seq, author_id, text: 'hello', quoted_message_id },
});
const m1 = posted('ann', 'message-1', 1);
const m2 = posted('ann', 'message-2', 2);

describe('chatDecider', () => {
  describe('posting', () => {
    it('numbers messages in the chat', () => {
      spec.given([]).when(post('ann', 'message-1')).then([m1]);
      spec.given([m1]).when(post('ann', 'message-2')).then([m2]);
    });
    it('stores a message sent again once (a reconnect resends what was not confirmed)', () => {
      spec.given([m1]).when(post('ann', 'message-1')).then([]);
    });
    it('refuses another author reusing a message id', () => {
      expect(spec.given([m1]).when(post('bob', 'message-1')).thenRefused('message_id_taken', 'message_id').kind).toBe('conflict');
    });
    it('quotes only a message of this chat', () => {
      spec.given([m1]).when(post('bob', 'message-2', { quoted_message_id: 'message-1' })).then([posted('bob', 'message-2', 2, 'message-1')]);
      expect(spec.given([m1]).when(post('bob', 'message-2', { quoted_message_id: 'elsewhere-1' })).thenRefused('not_found', 'quoted_message_id').kind).toBe('invalid');
    });
    it('refuses a member who is not in the chat, and a chat they may only read', () => {
      expect(spec.given([]).when(post('eve', 'message-1', { can: NONE })).thenRefused('forbidden').kind).toBe('forbidden');
      expect(spec.given([]).when(post('ann', 'message-1', { can: READ_ONLY })).thenRefused('chat_read_only').kind).toBe('refused');
    });
    it("counts one's own message as received and read by oneself", () => {
      expect(spec.state([m1]).members.ann).toEqual({ received_seq: 1, read_seq: 1, muted_until: null, app_muted_until: null });
    });
  });

  describe('delivery states', () => {
    const received: ChatCommand = { type: 'MarkChatReceived', chat_key: KEY, member_id: 'bob', can: ALL, message_id: 'message-2' };
    const read: ChatCommand = { type: 'MarkChatRead', chat_key: KEY, member_id: 'bob', can: ALL, message_id: 'message-1' };
    it('records received up to a message, only forward', () => {
      const event: ChatEvent = { type: 'ChatMessagesReceived', data: { chat_key: KEY, member_id: 'bob', up_to_seq: 2, message_id: 'message-2' } };
      spec.given([m1, m2]).when(received).then([event]);
      spec.given([m1, m2, event]).when(received).then([]);
    });
    it('records read up to a message, which is received too; never backwards', () => {
      const event: ChatEvent = { type: 'ChatMessagesRead', data: { chat_key: KEY, member_id: 'bob', up_to_seq: 1, message_id: 'message-1' } };
      spec.given([m1, m2]).when(read).then([event]);
      expect(spec.state([m1, m2, event]).members.bob).toMatchObject({ read_seq: 1, received_seq: 1 });
      const later: ChatEvent = { type: 'ChatMessagesRead', data: { chat_key: KEY, member_id: 'bob', up_to_seq: 2, message_id: 'message-2' } };
      spec.given([m1, m2, later]).when(read).then([]);
    });
    it('refuses an unknown message and an outsider', () => {
      spec.given([m1]).when({ ...read, message_id: 'nothing-1' }).thenRefused('not_found', 'message_id');
      spec.given([m1]).when({ ...read, can: NONE }).thenRefused('forbidden');
    });
  });

  describe('muting', () => {
    const now = '2026-11-23T12:00:00.000Z';
    const mute: ChatCommand = { type: 'MuteChat', chat_key: KEY, member_id: 'bob', can: ALL, until: '2026-11-23T13:00:00.000Z', app: false, now };
    const muted: ChatEvent = { type: 'ChatMuted', data: { chat_key: KEY, member_id: 'bob', until: '2026-11-23T13:00:00.000Z', app: false } };
    it('mutes until a time in the future, the app separately', () => {
      spec.given([]).when(mute).then([muted]);
      spec.given([muted]).when({ ...mute, app: true }).then([{ type: 'ChatMuted', data: { ...muted.data, app: true } }]);
      spec.given([]).when({ ...mute, until: '2026-11-23T11:00:00.000Z' }).thenRefused('in_the_past', 'until');
    });
    it('turns muting off once', () => {
      const unmute: ChatCommand = { type: 'UnmuteChat', chat_key: KEY, member_id: 'bob', can: ALL, app: false };
      spec.given([muted]).when(unmute).then([{ type: 'ChatUnmuted', data: { chat_key: KEY, member_id: 'bob', app: false, expired: false } }]);
      spec.given([]).when(unmute).then([]);
    });
    it('ends a timed mute by its timer exactly once, and not a mute set again since', () => {
      const expire: ChatCommand = { type: 'ExpireChatMute', chat_key: KEY, member_id: 'bob', until: muted.data.until, app: false };
      const expired: ChatEvent = { type: 'ChatUnmuted', data: { chat_key: KEY, member_id: 'bob', app: false, expired: true } };
      spec.given([muted]).when(expire).then([expired]);
      spec.given([muted, expired]).when(expire).then([]);
      const again: ChatEvent = { type: 'ChatMuted', data: { ...muted.data, until: '2026-11-24T13:00:00.000Z' } };
      spec.given([muted, again]).when(expire).then([]);
    });
  });
});

describe('chatAbilities', () => {
  const viewer = { member_id: 'ann', can_chat: true, external: false };
  const partner = { exists: true, erased: false, active: true, external: false };
  it('member chats: both may read and write while the partner is active', () => {
    expect(chatAbilities({ type: 'member', partner }, viewer, 'bob')).toEqual({ read: true, write: true, start_private_chat: false });
    expect(chatAbilities({ type: 'member', partner: { ...partner, erased: true, active: false } }, viewer, 'bob')).toEqual({ read: true, write: false, start_private_chat: false });
    expect(chatAbilities({ type: 'member', partner: null }, viewer, 'bob').read).toBe(false);
    expect(chatAbilities({ type: 'member', partner }, viewer, 'ann').read).toBe(false);
  });
  it('group chats: only members of a group whose chat is enabled; externals start no private chat', () => {
    const group = { exists: true, chat_enabled: true, archived: false, member_ids: ['ann'] };
    expect(chatAbilities({ type: 'group', group }, viewer)).toEqual({ read: true, write: true, start_private_chat: true });
    expect(chatAbilities({ type: 'group', group }, { ...viewer, external: true }).start_private_chat).toBe(false);
    expect(chatAbilities({ type: 'group', group: { ...group, chat_enabled: false } }, viewer).read).toBe(false);
    expect(chatAbilities({ type: 'group', group: { ...group, member_ids: [] } }, viewer).read).toBe(false);
    expect(chatAbilities({ type: 'group', group: { ...group, archived: true } }, viewer)).toMatchObject({ read: true, write: false });
  });
  it('nobody chats without the chat ability (externals where guest_users_allow_chat is off)', () => {
    expect(chatAbilities({ type: 'member', partner }, { ...viewer, can_chat: false }, 'bob').read).toBe(false);
  });
});
