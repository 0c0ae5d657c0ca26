/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ChatDto, ChatMessageDto } from '@cn/contracts';
import { screen, within } from '@testing-library/react';
import { aChatDto } from '../testing/chat-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { ChatContext, type ChatApi } from './ChatContext';
import { ChatPage } from './ChatPage';
import { ChatPanelList } from './ChatPanelList';
import { emptyChatState } from './chat-store';

jest.mock('./chat.css', () => ({}));

const chat = (id: string, name: string, image_url: string | null, partial: Partial<ChatDto> = {}): ChatDto =>
  aChatDto({ id, type: id.startsWith('group/') ? 'group' : 'member', name, image_id: image_url ? '7' : null, image_url, state: { last_read_id: null, last_read_seq: 9 }, ...partial });
const message = (id: string, seq: number, from: ChatMessageDto['from']): ChatMessageDto => ({
  id,
  chat_id: 'group/g1',
  seq,
  text: `text ${id}`,
  from,
  created_at: '2026-11-23T12:00:00.000Z',
  quoted_message: null,
  position: seq,
});

const bob = chat('member/bob', 'Bob Baker', '/members/bob/image?v=7');
const garden = chat('group/g1', 'Garden Club', '/api/v1/group_images/g1?v=3');
const cleo = chat('member/cleo', 'Cleo Carter', null);
const gone = chat('member/gone', '', null);

const chatApi = (): ChatApi => {
  const state = {
    ...emptyChatState('m1'),
    connection: 'connected' as const,
    loadedChats: true,
    chats: [bob, garden, cleo, gone],
    rooms: {
      'group/g1': {
        loaded: true,
        more: false,
        loadingOlder: false,
        error: null,
        messages: [
          message('a', 1, { id: 'bob', name: 'Bob Baker', deleted: false, image_id: '7', image_url: '/members/bob/image?v=7' }),
          message('b', 2, { id: 'cleo', name: 'Cleo Carter', deleted: false, image_id: null, image_url: null }),
          // a deleted author keeps the fallback, whatever an old answer carried
          message('c', 3, { id: 'gone', name: '', deleted: true, image_id: '5', image_url: '/members/gone/image?v=5' }),
        ],
      },
    },
  };
  const nothing = () => undefined;
  return { state, openChat: nothing, loadOlder: nothing, send: nothing, markRead: nothing, mute: nothing, unmute: nothing, muteApp: nothing, unmuteApp: nothing, editDraft: nothing, composing: nothing, setStatus: nothing };
};

const imageOf = (element: HTMLElement): string | null => element.querySelector('img')?.getAttribute('src') ?? null;
const initialsIn = (element: HTMLElement): string | null => element.querySelector('[data-testid="chat-initials"]')?.textContent ?? null;

describe('images in the chat', () => {
  it('shows the profile images of members and groups in the list, the room header, the quick-switch bar and beside authors; initials where there is none or the member is deleted', async () => {
    const server = fakeServer({});
    renderPage(
      <ChatContext value={chatApi()}>
        <ChatPage target="showChat" />
      </ChatContext>,
      { url: '/chat/group/g1', path: '/chat/:type/:id', api: server.api },
    );
    const items = await screen.findAllByTestId('chat-list-item');
    expect(items.map(imageOf)).toEqual(['/members/bob/image?v=7', '/api/v1/group_images/g1?v=3', null, null]);
    expect(initialsIn(items[2])).toBe('CC');
    expect(initialsIn(items[3])).toBe('DM');

    expect(imageOf(screen.getByTestId('chat-room-avatar'))).toBe('/api/v1/group_images/g1?v=3');

    const quick = within(screen.getByTestId('chat-quick-switch')).getAllByRole('link');
    expect(quick.map(imageOf)).toEqual(['/members/bob/image?v=7', '/api/v1/group_images/g1?v=3', null, null]);
    expect(initialsIn(quick[2])).toBe('CC');

    const authors = screen.getAllByTestId('chat-message-avatar');
    expect(authors.map(imageOf)).toEqual(['/members/bob/image?v=7', null, null]);
    expect(initialsIn(authors[1])).toBe('CC');
    expect(initialsIn(authors[2])).toBe('DM');
  });

  it("shows the images in the header panel's list too", async () => {
    const server = fakeServer({});
    renderPage(
      <ChatContext value={chatApi()}>
        <ChatPanelList onNavigate={() => undefined} />
      </ChatContext>,
      { url: '/', api: server.api },
    );
    const items = await screen.findAllByTestId('chat-panel-item');
    expect(items.map(imageOf)).toEqual(['/members/bob/image?v=7', '/api/v1/group_images/g1?v=3', null, null]);
    expect(initialsIn(items[0])).toBeNull();
    expect(initialsIn(items[2])).toBe('CC');
  });
});
