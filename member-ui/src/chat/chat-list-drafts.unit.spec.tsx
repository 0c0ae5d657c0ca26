/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ChatDto, ChatMessageDto, ChatSocketAction } from '@cn/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { aChatDto } from '../testing/chat-fixtures';
import { useFakeSockets, type FakeSocket } from '../testing/fake-socket';
import { fakeServer, renderPage } from '../testing/render';
import { ChatProvider } from './ChatContext';
import { ChatPage } from './ChatPage';
import { ChatPanelList } from './ChatPanelList';

jest.mock('./chat.css', () => ({}));

const chat = (id: string, name: string, draft: ChatDto['draft'] = null, lastSeq = 0): ChatDto =>
  aChatDto({ id, type: id.startsWith('group/') ? 'group' : 'member', name, draft, last_message: lastSeq ? { from: name, text: `last of ${name}`, seq: lastSeq } : null });
const message = (chatId: string, seq: number, position: number): ChatMessageDto => ({
  id: `${chatId.replace('/', '-')}-${seq}-msg`,
  chat_id: chatId,
  seq,
  text: `message ${seq}`,
  from: { id: 'bob', name: 'Bob', deleted: false, image_id: null, image_url: null },
  created_at: '2026-12-07T03:00:00.000Z',
  quoted_message: null,
  position,
});

let sockets: FakeSocket[] = [];
const actionsOf = (socket: FakeSocket): ChatSocketAction[] => socket.sent.map((raw) => JSON.parse(raw) as ChatSocketAction);

const renderChat = async () => {
  const server = fakeServer({ 'POST /api/v1/chat_token': { status: 200, body: { token: 'tok', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString() } } });
  renderPage(
    <ChatProvider enabled>
      <ChatPage target="root" />
      <ChatPanelList onNavigate={() => undefined} />
    </ChatProvider>,
    { url: '/chat', api: server.api },
  );
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  act(() => socket.open());
  return socket;
};

const markerOf = (name: string): string | null => {
  const item = screen.getAllByTestId('chat-list-item').find((row) => row.textContent?.includes(name));
  return item ? (within(item).queryByTestId('chat-draft-marker')?.textContent ?? null) : null;
};

describe('the chat list: draft markers and resuming per chat', () => {
  sockets = useFakeSockets();

  it('marks the chats with an unsent draft, follows another console live, and never lets an older list undo a newer draft', async () => {
    const socket = await renderChat();
    expect(actionsOf(socket).map((action) => action.action)).toEqual(['my_chats']);
    act(() => socket.receive({ event: 'my_chats', chats: [chat('member/bob', 'Bob Baker', { text: 'half a\n thought', position: 10 }, 2), chat('group/g1', 'Garden Club', { text: '  ', position: 9 }, 4)], unread_total: 0 }));
    await screen.findAllByTestId('chat-list-item');
    expect(markerOf('Bob Baker')).toBe('Draft: half a thought');
    // spaces only are no draft: the last message shows
    expect(markerOf('Garden Club')).toBeNull();
    expect(screen.getByText('last of Garden Club')).toBeTruthy();
    // the header panel's list marks it too
    expect(screen.getAllByTestId('chat-panel-item').map((item) => within(item).queryByTestId('chat-draft-marker')?.textContent ?? '')).toEqual(['Draft: half a thought', '']);

    // saved on the member's phone: the marker follows at once
    act(() => socket.receive({ event: 'draft', chat_id: 'group/g1', text: 'from the phone', position: 12 }));
    expect(markerOf('Garden Club')).toBe('Draft: from the phone');
    // a list answered before that save carries the older draft: it does not come back
    act(() => socket.receive({ event: 'chat', chat: chat('group/g1', 'Garden Club', { text: 'older', position: 11 }, 4), unread_total: 0 }));
    expect(markerOf('Garden Club')).toBe('Draft: from the phone');
    // a newer one in a list answer (a push missed while away) is taken
    act(() => socket.receive({ event: 'my_chats', chats: [chat('member/bob', 'Bob Baker', { text: '', position: 14 }, 3), chat('group/g1', 'Garden Club', { text: 'from the tablet', position: 15 }, 4)], unread_total: 0 }));
    expect(markerOf('Bob Baker')).toBeNull();
    expect(markerOf('Garden Club')).toBe('Draft: from the tablet');
  });

  it('after a reconnect resumes each chat after the last seq it has of it, whatever the positions', async () => {
    jest.useFakeTimers();
    try {
      const socket = await renderChat();
      act(() => socket.receive({ event: 'my_chats', chats: [chat('member/bob', 'Bob Baker', null, 2), chat('group/g1', 'Garden Club', null, 4)], unread_total: 0 }));
      // the group's message came first but is stored at a higher position than Bob's later one (another partition)
      act(() => socket.receive({ event: 'message', message: message('group/g1', 5, 40) }));
      act(() => socket.receive({ event: 'message', message: message('member/bob', 3, 31) }));
      act(() => socket.receive({ event: 'message', message: message('member/bob', 2, 30) }));
      act(() => socket.close());
      await act(async () => {
        jest.advanceTimersByTime(10_000);
        await Promise.resolve();
      });
      expect(sockets).toHaveLength(2);
      const again = sockets[1];
      act(() => again.open());
      const resume = actionsOf(again).find((action) => action.action === 'resume');
      expect(resume).toMatchObject({ action: 'resume', chats: { 'group/g1': 5, 'member/bob': 3 } });
      expect(resume).not.toHaveProperty('after');
      // each message received was confirmed as received once
      expect(actionsOf(socket).filter((action) => action.action === 'mark_as_received').map((action) => 'message_id' in action && action.message_id)).toEqual(['group-g1-5-msg', 'member-bob-3-msg', 'member-bob-2-msg']);
    } finally {
      jest.useRealTimers();
    }
  });
});
