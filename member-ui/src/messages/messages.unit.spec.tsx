/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { MessageDetailDto, MessageDto, MessagesResponse, RecipientOptionsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { messageDate, prefixed, quoted } from './message-format';
import { MessageComposerPage } from './MessageComposerPage';
import { MessageDetailPage } from './MessageDetailPage';
import { MessagesHeaderLink } from './MessagesBadge';
import { MessagesListPage } from './MessagesListPage';

jest.mock('./messages.css', () => ({}));

const aMessage = (id: string, overrides: Partial<MessageDto> = {}): MessageDto => ({
  id,
  box: 'inbox',
  subject: `Subject ${id}`,
  content: `Content ${id}`,
  snippet: `Content ${id}`,
  created_at: '2026-11-23T09:05:00.000Z',
  author: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
  to: [{ id: 'max', name: 'Max Member', path: '/members/max' }],
  to_count: 1,
  to_named_count: 1,
  to_groups: [],
  to_all_network_members: false,
  conversation_starter_id: id,
  conversation_length: 1,
  has_replies: false,
  has_attachments: false,
  attachments: [],
  forwarded_message_id: null,
  i: { read: false },
  can: { reply: true, forward: true, mark_read: true, destroy: true },
  ...overrides,
});
const aList = (messages: MessageDto[], overrides: Partial<MessagesResponse> = {}): MessagesResponse => ({
  messages,
  total: messages.length,
  limit: 10,
  offset: 0,
  unread_count: messages.filter((message) => !message.i.read).length,
  can: { send_direct_messages: true, send_to_network: false, send_to_any_group: false },
  ...overrides,
});

describe('message formats', () => {
  it('dates as DD.MM.YYYY HH:mm, prefixes subjects once, quotes forwarded text', () => {
    expect(messageDate(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('05.01.2026 07:03');
    expect(prefixed('Re: ', 'Plan')).toBe('Re: Plan');
    expect(prefixed('Re: ', 'Re: Plan')).toBe('Re: Plan');
    expect(quoted(aMessage('m1', { content: 'one\ntwo' }), 'From Ada')).toBe('\n\nFrom Ada\n> one\n> two');
  });
});

describe('the inbox', () => {
  it('shows rows as §2 says, selects with an indeterminate mark-all box and marks the chosen ones read', async () => {
    const server = fakeServer({
      'GET /api/v1/messages': { status: 200, body: aList([aMessage('m1', { subject: '', conversation_length: 3, has_replies: true }), aMessage('m2', { i: { read: true } })]) },
      'POST /api/v1/messages/read': { status: 200, body: { position: 4 } },
    });
    renderPage(<MessagesListPage box="inbox" />, { url: '/messages', api: server.api });
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('(no subject)');
    expect(rows[0].textContent).toContain('Ada Admin');
    expect(rows[0].getAttribute('data-read')).toBe('false');
    expect(screen.getByTestId('new-message')).toBeTruthy();

    const all = screen.getByTestId<HTMLInputElement>('select-all');
    fireEvent.click(rows[0].querySelector('input[type="checkbox"]') as HTMLInputElement);
    await waitFor(() => expect(all.indeterminate).toBe(true));
    fireEvent.click(all);
    await waitFor(() => expect(all.indeterminate).toBe(false));
    expect(all.checked).toBe(true);
    fireEvent.click(screen.getByTestId('mark-read'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/messages/read')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/messages/read')[0].body).toEqual({ message_ids: ['m1', 'm2'] });
  });

  it('in sent names the first recipient and +N, offers no read marks, and hides the new-message button without the right', async () => {
    const sent = aMessage('m3', { box: 'sent', to: [{ id: 'max', name: 'Max Member', path: '/members/max' }], to_count: 4, i: { read: true }, can: { reply: false, forward: true, mark_read: false, destroy: true } });
    const server = fakeServer({ 'GET /api/v1/messages/sent': { status: 200, body: aList([sent], { can: { send_direct_messages: false, send_to_network: false, send_to_any_group: false } }) } });
    renderPage(<MessagesListPage box="sent" />, { url: '/messages/sent', api: server.api });
    const [row] = await screen.findAllByTestId('message-row');
    expect(row.textContent).toContain('Max Member +3');
    expect(screen.queryByTestId('mark-read')).toBeNull();
    expect(screen.queryByTestId('mark-unread')).toBeNull();
    expect(screen.getByTestId('delete-selected')).toBeTruthy();
    expect(screen.queryByTestId('new-message')).toBeNull();
  });

  it('in sent counts a group as one addressee beside the members named', async () => {
    const toGroup = aMessage('m4', { box: 'sent', to: [{ id: 'max', name: 'Max Member', path: '/members/max' }, { id: 'gina', name: 'Gina Guest', path: '/members/gina' }], to_count: 7, to_named_count: 1, to_groups: [{ id: 'g1', name: 'Choir', slug: 'choir' }] });
    const server = fakeServer({ 'GET /api/v1/messages/sent': { status: 200, body: aList([toGroup]) } });
    renderPage(<MessagesListPage box="sent" />, { url: '/messages/sent', api: server.api });
    const [row] = await screen.findAllByTestId('message-row');
    expect(row.textContent).toContain('Max Member +1');
  });

  it('follows a pushed message without a reload: the row appears and the badge rises', async () => {
    let list = aList([]);
    const server = fakeServer({
      'GET /api/v1/messages': (): Answer => ({ status: 200, body: list }),
      'GET /api/v1/unreads/messages': (): Answer => ({ status: 200, body: { total: list.unread_count } }),
    });
    const { channel } = renderPage(
      <>
        <MessagesHeaderLink />
        <MessagesListPage box="inbox" />
      </>,
      { url: '/messages', api: server.api },
    );
    await screen.findByTestId('messages-empty');
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    list = aList([aMessage('m9')]);
    act(() => channel.push({ collection: 'messages', id: 'm9', doc: { position: 12 } }));
    await screen.findByTestId('message-row');
    expect((await screen.findByTestId('messages-badge')).textContent).toBe('1');
  });
});

describe('the composer', () => {
  const options: RecipientOptionsResponse = { members: [{ id: 'max', name: 'Max Member', path: '/members/max' }], groups: [], can: { send_direct_messages: true, send_to_network: false, send_to_any_group: false } };

  it('asks for a recipient before sending, and shows the server\'s refusal at its field', async () => {
    const server = fakeServer({
      'GET /api/v1/messages/recipients': { status: 200, body: options },
      'GET /members/max': { status: 200, body: { id: 'max', displayName: 'Max Member', name: 'Max Member' } },
      'POST /api/v1/messages': { status: 403, body: { statusCode: 403, error: 'forbidden', errors: [{ field: 'to_group', key: 'not_group_admin' }] } },
    });
    renderPage(<MessageComposerPage />, { url: '/messages/new', api: server.api });
    fireEvent.change(await screen.findByTestId('message-content-input'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('error-to')).textContent).toBe('Please choose at least one recipient.');
    expect(server.callsTo('POST', '/api/v1/messages')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('recipient-search'), { target: { value: 'Max' } });
    fireEvent.click(await screen.findByTestId('recipient-option', {}, { timeout: 3000 }));
    expect(screen.getByTestId('recipient-chip').textContent).toContain('Max Member');
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/messages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/messages')[0].body).toMatchObject({ to: ['max'], to_group: [], to_all_network_members: false, content: 'Hello' });
    expect((await screen.findByTestId('error-to')).textContent).toBe('You can only write to groups you administer.');
  });
});

describe('a message', () => {
  // the signed-in member of the fixtures is m1 (Mia Muster)
  const me = { id: 'm1', name: 'Mia Muster', path: '/members/m1' };

  it('shows its conversation newest first, marks itself read on opening, offers reply but not reply all between two, and deletes after confirming', async () => {
    const first = aMessage('c1', { box: 'sent', author: me, to: [{ id: 'ada', name: 'Ada Admin', path: '/members/ada' }], content: 'First words', i: { read: true } });
    const answer = aMessage('c2', { to: [me], content: 'An answer', conversation_starter_id: 'c1', conversation_length: 2, has_replies: true });
    const detail: MessageDetailDto = { ...answer, conversation: [answer, first] };
    const server = fakeServer({
      'GET /api/v1/messages/c2': { status: 200, body: detail },
      'POST /api/v1/messages/read': { status: 200, body: { position: 5 } },
      'DELETE /api/v1/messages/delete': { status: 200, body: { position: 6 } },
      'GET /api/v1/messages': { status: 200, body: aList([]) },
    });
    renderPage(<MessageDetailPage />, { url: '/messages/c2', path: '/messages/:id', api: server.api, others: { '/messages': <p data-testid="inbox-page" /> } });
    const entries = await screen.findAllByTestId('conversation-entry');
    expect(entries.map((entry) => entry.getAttribute('data-id'))).toEqual(['c2', 'c1']);
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/messages/read')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/messages/read')[0].body).toEqual({ message_ids: ['c2'] });
    expect(screen.getByTestId('message-reply').getAttribute('href')).toBe('/messages/new?reply=c2');
    expect(screen.queryByTestId('message-reply-all')).toBeNull();
    expect(screen.getByTestId('message-forward')).toBeTruthy();

    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByTestId('message-delete'));
    expect(confirm).toHaveBeenCalledWith('Delete this message? It is removed only for you.');
    await screen.findByTestId('inbox-page');
    expect(server.callsTo('DELETE', '/api/v1/messages/delete')[0].body).toEqual({ message_ids: ['c2'] });
    expect((await screen.findByTestId('toast')).textContent).toContain('Message deleted.');
    confirm.mockRestore();
  });

  it('in sent offers forward but neither reply nor read marks', async () => {
    const sent = aMessage('s1', { box: 'sent', author: me, i: { read: true }, can: { reply: false, forward: true, mark_read: false, destroy: true } });
    const server = fakeServer({ 'GET /api/v1/messages/s1': { status: 200, body: { ...sent, conversation: [sent] } } });
    renderPage(<MessageDetailPage />, { url: '/messages/s1', path: '/messages/:id', api: server.api });
    await screen.findByTestId('message-forward');
    expect(screen.queryByTestId('message-reply')).toBeNull();
    expect(screen.queryByTestId('toggle-read')).toBeNull();
    expect(screen.getByTestId('message-back').getAttribute('href')).toBe('/messages/sent');
  });
});
