import type { ChatMessageDto, ChatServerEvent } from '@cn/contracts';
import { ChatConnection } from './chat-hub';

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
