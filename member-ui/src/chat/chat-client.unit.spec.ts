import type { ChatDto, ChatMessageDto } from '@cn/contracts';
import { aChatDto } from '../testing/chat-fixtures';
import { chatReconnectDelay, credentialsValid } from './chat-connection';
import { addPending, applyChatEvent, deliveryOf, emptyChatState, mergeMessages, resumeSeen } from './chat-store';
import { initialsOf, rowsFor, sendsOnKey } from './chat-parts';

const message = (id: string, seq: number, position = seq, chat_id = 'member/bob'): ChatMessageDto => ({
  id, chat_id, seq, text: `m${seq}`, from: { id: 'ann', name: 'Ann', deleted: false, image_id: null, image_url: null }, created_at: '2026-11-23T12:00:00.000Z', quoted_message: null, position,
});
const chat = (partial: Partial<ChatDto> = {}): ChatDto => aChatDto({ name: 'Bob B', ...partial });

describe('chat client rules', () => {
  it('Enter sends; Shift, Ctrl, Alt or Meta with Enter does not', () => {
    const key = { key: 'Enter', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };
    expect(sendsOnKey(key)).toBe(true);
    for (const modifier of ['shiftKey', 'ctrlKey', 'altKey', 'metaKey'] as const) expect(sendsOnKey({ ...key, [modifier]: true })).toBe(false);
    expect(sendsOnKey({ ...key, key: 'a' })).toBe(false);
  });

  it('the composer grows from 1 to 8 rows', () => {
    expect(rowsFor('')).toBe(1);
    expect(rowsFor('a\nb\nc')).toBe(3);
    expect(rowsFor('\n'.repeat(20))).toBe(8);
  });

  it('reconnects after 5 s plus up to 5 s; credentials are renewed 3 minutes before they expire', () => {
    expect(chatReconnectDelay(() => 0)).toBe(5000);
    expect(chatReconnectDelay(() => 0.999)).toBe(9995);
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(credentialsValid({ token: 't', expires_at: '2026-11-23T15:00:00.000Z' }, now)).toBe(true);
    expect(credentialsValid({ token: 't', expires_at: '2026-11-23T12:02:00.000Z' }, now)).toBe(false);
    expect(credentialsValid(null, now)).toBe(false);
  });

  it('shows initials for the quick-switch bar', () => {
    expect(initialsOf('Ada Admin')).toBe('AA');
    expect(initialsOf('lesekreis')).toBe('L');
    expect(initialsOf('')).toBe('?');
  });

  it('keeps messages once each, in sequence, pending ones last', () => {
    const merged = mergeMessages([message('b', 2), { ...message('p', 0), pending: true }], [message('a', 1), message('b', 2), message('c', 3)]);
    expect(merged.map((item) => item.id)).toEqual(['a', 'b', 'c', 'p']);
  });

  it('follows delivery: pushed, persisted, received, read', () => {
    const mine = message('a', 2);
    expect(deliveryOf({ ...mine, pending: true }, undefined)).toBe('pushed');
    expect(deliveryOf(mine, chat().partner_state)).toBe('persisted');
    expect(deliveryOf(mine, { ...chat().partner_state, last_received_seq: 2 })).toBe('received');
    expect(deliveryOf(mine, { ...chat().partner_state, last_received_seq: 2, last_read_seq: 3 })).toBe('read');
  });

  it('applies server events: a sent message confirmed, the seq each chat resumes after, the badge total', () => {
    let state = emptyChatState('ann');
    state = applyChatEvent(state, { event: 'chat_details', chat: chat(), messages: [message('a', 1, 10)], more: false, draft: '' }, 0);
    state = addPending(state, { action: 'send', chat_id: 'member/bob', message_id: 'p-000001', text: 'hi', quoted_message_id: 'a' }, { id: 'ann', name: 'Ann', deleted: false, image_id: null, image_url: null }, new Date());
    expect(state.rooms['member/bob']?.messages.at(-1)).toMatchObject({ id: 'p-000001', pending: true, quoted_message: { id: 'a' } });
    state = applyChatEvent(state, { event: 'persisted', chat_id: 'member/bob', message_id: 'p-000001', position: 12 }, 0);
    state = applyChatEvent(state, { event: 'message', message: message('p-000001', 2, 12) }, 0);
    expect(state.rooms['member/bob']?.messages.map((item) => [item.id, item.pending ?? false])).toEqual([['a', false], ['p-000001', false]]);
    expect(state.seenSeq).toEqual({ 'member/bob': 2 });
    // per chat, never lowered: an older page, a message of another chat stored at a lower position
    state = applyChatEvent(state, { event: 'more_messages', chat_id: 'member/bob', messages: [message('z', 1, 3)], more: false }, 0);
    state = applyChatEvent(state, { event: 'message', message: message('g', 7, 5, 'group/g1') }, 0);
    expect(resumeSeen(state, 1000)).toEqual({ 'member/bob': 2, 'group/g1': 7 });
    expect(Object.keys(resumeSeen(state, 1))).toHaveLength(1);
    state = applyChatEvent(state, { event: 'chat', chat: chat({ unread_count: 120 }), unread_total: 120 }, 0);
    expect(state.unreadTotal).toBe(120);
    state = applyChatEvent(state, { event: 'composing', chat_id: 'member/bob', member_id: 'bob', name: 'Bob' }, 1000);
    expect(state.composing['member/bob']).toEqual({ name: 'Bob', until: 3000 });
  });
});
