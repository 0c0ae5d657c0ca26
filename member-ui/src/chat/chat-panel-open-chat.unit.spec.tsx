/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ChatDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aChatDto } from '../testing/chat-fixtures';
import { useFakeWebSockets } from '../testing/fake-socket';
import { fakeServer, renderPage } from '../testing/render';
import { ChatProvider } from './ChatContext';
import { ChatPanelList, openChatIdOf } from './ChatPanelList';

jest.mock('./chat.css', () => ({}));

const chat = (id: string, name: string): ChatDto => aChatDto({ id, type: id.startsWith('group/') ? 'group' : 'member', name });

/** the panel's entries as the member sees them: the name and whether it is marked as the open chat */
const entries = (): Record<string, boolean> =>
  Object.fromEntries(screen.getAllByTestId('chat-panel-item').map((item) => [item.querySelector('.chat-list__name')?.textContent ?? '', item.getAttribute('aria-current') === 'page' && item.classList.contains('chat-list__item--active')]));

describe("the header panel's chat list marks the chat open in this tab", () => {
  const sockets = useFakeWebSockets();

  it('finds the open chat in the address: a chat room only, not the list or the new-chat page', () => {
    expect(openChatIdOf('/chat/member/bob')).toBe('member/bob');
    expect(openChatIdOf('/chat/group/g1')).toBe('group/g1');
    expect(openChatIdOf('/chat')).toBeNull();
    expect(openChatIdOf('/chat/new')).toBeNull();
    expect(openChatIdOf('/messages/m1')).toBeNull();
  });

  it('marks the open chat, and the mark follows when another chat is opened from the panel', async () => {
    const server = fakeServer({ 'POST /api/v1/chat_token': { status: 200, body: { token: 'tok', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString() } } });
    renderPage(
      <ChatProvider enabled>
        <ChatPanelList onNavigate={() => undefined} />
      </ChatProvider>,
      { url: '/chat/member/bob', path: '/chat/:type/:id', api: server.api },
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0];
    act(() => socket.open());
    act(() => socket.receive({ event: 'my_chats', chats: [chat('group/g1', 'Garden Club'), chat('member/bob', 'Bob Baker'), chat('member/cat', 'Cat Cooper')], unread_total: 0 }));
    await screen.findAllByTestId('chat-panel-item');
    expect(entries()).toEqual({ 'Garden Club': false, 'Bob Baker': true, 'Cat Cooper': false });

    fireEvent.click(screen.getByText('Garden Club'));
    await waitFor(() => expect(entries()).toEqual({ 'Garden Club': true, 'Bob Baker': false, 'Cat Cooper': false }));
  });
});
