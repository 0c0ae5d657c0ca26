import type { ChatMessageDto, ChatServerEvent } from '@cn/contracts';
import { ChatConnection, ChatHub, RecentChatMessages } from './chat-hub';
import { mergeMissed } from './chat-views';
import type { ChatMessageDocument } from './chat.projections';

const message = (id: string, chatId: string, seq: number, position: number): ChatMessageDto => ({
  id,
  chat_id: chatId,
  seq,
  text: id,
  from: { id: 'ann', name: 'Ann', deleted: false, image_id: null, image_url: null },
  created_at: '2026-12-07T03:00:00.000Z',
  quoted_message: null,
  position,
});

describe('a chat connection resuming', () => {
  it('holds live messages while the replay is read, then sends each message once, the replay first, the held ones in log order', async () => {
    const written: ChatServerEvent[] = [];
    const connection = new ChatConnection({ memberId: 'bob', sessionToken: null }, (event) => written.push(event));
    let release: (value: ChatMessageDto[]) => void = () => undefined;
    const replay = new Promise<ChatMessageDto[]>((resolve) => {
      release = resolve;
    });
    const resumed = connection.resume(() => replay);
    // while the replay is read: a live message of each chat (partitions deliver them in any order), one of them also replayed
    connection.message(message('eve-4', 'member/eve', 4, 41));
    connection.message(message('ann-3', 'member/ann', 3, 30));
    expect(written).toEqual([]);
    release([message('eve-3', 'member/eve', 3, 20), message('ann-3', 'member/ann', 3, 30)]);
    expect(await resumed).toBe(2);
    // afterwards live messages go out at once, and never a second time
    connection.message(message('ann-4', 'member/ann', 4, 50));
    connection.message(message('eve-4', 'member/eve', 4, 41));
    expect(written.map((event) => (event.event === 'message' ? event.message.id : event.event))).toEqual(['eve-3', 'ann-3', 'eve-4', 'ann-4']);
  });
});

const stored = (id: string, key: string, seq: number, position: number): ChatMessageDocument => ({
  _id: id,
  _position: position,
  chat_key: key,
  seq,
  author_id: 'ann',
  text: id,
  quoted_message_id: null,
  created_at: '2026-12-07T03:00:00.000Z',
  created_position: position,
});
/** the DTO as bob sees a stored message (the views reveal texts and authors; here the text is clear) */
const asBob = (doc: ChatMessageDocument): ChatMessageDto => message(doc._id, 'member/ann', doc.seq, doc.created_position);
const ids = (written: readonly ChatServerEvent[]) => written.map((event) => (event.event === 'message' ? event.message.id : event.event));

describe('the chat hub remembering messages passed on before their write', () => {
  it('gives a console that resumes between the push and the write the message, once, in seq order', async () => {
    const hub = new ChatHub(() => 0);
    // ann's third message is passed on from its event while bob's console is away: nobody here to push it to
    hub.recent.remember(stored('ann-3', 'm.ann.bob', 3, 30));
    // bob's console reconnects and resumes after seq 1; the store has written seq 2, not yet seq 3
    const written: ChatServerEvent[] = [];
    const connection = new ChatConnection({ memberId: 'bob', sessionToken: null }, (event) => written.push(event));
    hub.add(connection);
    const storeAnswer = [stored('ann-2', 'm.ann.bob', 2, 20)];
    const count = await connection.resume(() => Promise.resolve(mergeMissed(storeAnswer, hub.recent.all(), 1_000).map(asBob)));
    expect(count).toBe(2);
    expect(ids(written)).toEqual(['ann-2', 'ann-3']);
    // a push of seq 3 that comes after all (another replica's publisher was slower) is not sent a second time
    connection.message(asBob(stored('ann-3', 'm.ann.bob', 3, 30)));
    expect(ids(written)).toEqual(['ann-2', 'ann-3']);
  });

  it('merges without duplicates when the store has written the remembered message meanwhile, ordered by log position', () => {
    const merged = mergeMissed(
      [stored('ann-2', 'm.ann.bob', 2, 20), stored('ann-3', 'm.ann.bob', 3, 30)],
      [stored('eve-1', 'm.bob.eve', 1, 25), stored('ann-3', 'm.ann.bob', 3, 30), stored('ann-4', 'm.ann.bob', 4, 40)],
      3,
    );
    expect(merged.map((doc) => doc._id)).toEqual(['ann-2', 'eve-1', 'ann-3']);
  });

  it('keeps messages for a bounded time and number, each once', () => {
    let now = 0;
    const recent = new RecentChatMessages(() => now, 10_000, 3);
    recent.remember(stored('a', 'm.ann.bob', 1, 1));
    now = 4_000;
    recent.remember(stored('b', 'm.ann.bob', 2, 2));
    recent.remember(stored('b', 'm.ann.bob', 2, 2));
    expect(recent.all().map((doc) => doc._id)).toEqual(['a', 'b']);
    now = 10_001;
    expect(recent.all().map((doc) => doc._id)).toEqual(['b']);
    recent.remember(stored('c', 'm.ann.bob', 3, 3));
    recent.remember(stored('d', 'm.ann.bob', 4, 4));
    recent.remember(stored('e', 'm.ann.bob', 5, 5));
    expect(recent.all().map((doc) => doc._id)).toEqual(['c', 'd', 'e']);
    now = 30_000;
    expect(recent.all()).toEqual([]);
  });
});
