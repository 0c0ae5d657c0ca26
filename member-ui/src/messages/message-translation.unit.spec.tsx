/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { MessageDetailDto, MessageDto, MessageTranslationResponse } from '@cn/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aNetworkResponse } from '../testing/fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { MessageDetailPage } from './MessageDetailPage';

jest.mock('./messages.css', () => ({}));

const aMessage = (id: string, overrides: Partial<MessageDto> = {}): MessageDto => ({
  id,
  box: 'inbox',
  subject: `Subject ${id}`,
  content: `Content ${id}`,
  snippet: `Content ${id}`,
  created_at: '2026-11-23T09:05:00.000Z',
  author: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
  to: [{ id: 'm1', name: 'Mia Muster', path: '/members/m1' }],
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
  i: { read: true },
  can: { reply: true, forward: true, mark_read: true, destroy: true },
  ...overrides,
});
const current = aMessage('c2', { subject: 'Sommerfest', content: 'Wir grillen im Hof.', conversation_starter_id: 'c1', conversation_length: 2 });
const earlier = aMessage('c1', { subject: 'Gute Nacht', content: 'Bis morgen' });
const detail: MessageDetailDto = { ...current, conversation: [current, earlier] };
const translated: MessageTranslationResponse = {
  subject: 'Summer party',
  content: 'We barbecue in the yard.',
  language: 'en',
  source_language: 'de',
  conversation: [
    { id: 'c2', subject: 'Summer party', content: 'We barbecue in the yard.' },
    { id: 'c1', subject: 'Good night', content: 'See you tomorrow' },
  ],
};
const withTranslations = (on: boolean) => ({ status: 200, body: aNetworkResponse({ network: { features: { translations: on } } }) });

describe("the message detail's translation", () => {
  beforeEach(() => window.localStorage.clear());

  it('is hidden where the network has no translation service', async () => {
    const server = fakeServer({ 'GET /api/v1/network': withTranslations(false), 'GET /api/v1/messages/c2': { status: 200, body: detail } });
    renderPage(<MessageDetailPage />, { url: '/messages/c2', path: '/messages/:id', api: server.api });
    await screen.findAllByTestId('conversation-entry');
    expect(screen.queryByTestId('message-translation')).toBeNull();
  });

  it('shows the open message and the rest of its conversation translated, names the source, and shows the original again', async () => {
    const server = fakeServer({
      'GET /api/v1/network': withTranslations(true),
      'GET /api/v1/messages/c2': { status: 200, body: detail },
      'GET /translations/en/message/c2': { status: 200, body: translated },
    });
    renderPage(<MessageDetailPage />, { url: '/messages/c2', path: '/messages/:id', api: server.api });
    const select = await screen.findByTestId<HTMLSelectElement>('message-translation-language');
    // the quick languages: DE, EN-GB, ES, FR
    expect([...select.options].map((option) => option.textContent)).toEqual(['Translate', 'DE', 'EN-GB', 'ES', 'FR']);
    fireEvent.change(select, { target: { value: 'en' } });
    await screen.findByTestId('message-translation-marker');
    expect(server.callsTo('GET', '/translations/en/message/c2')).toHaveLength(1);
    expect(screen.getByTestId('message-subject').textContent).toBe('Summer party');
    const [open, other] = screen.getAllByTestId('conversation-entry');
    expect(within(open).getByTestId('message-content').textContent).toBe('We barbecue in the yard.');
    expect(within(other).getByTestId('message-content').textContent).toBe('See you tomorrow');
    expect(within(other).getByRole('heading').textContent).toBe('Good night');
    expect(screen.getByTestId('message-translation-marker').textContent).toContain('Translated from DE');
    // the last used language comes first next time
    expect([...select.options].map((option) => option.textContent)[1]).toBe('EN-GB (last used)');

    fireEvent.click(screen.getByTestId('message-translation-original'));
    await waitFor(() => expect(screen.getByTestId('message-subject').textContent).toBe('Sommerfest'));
    expect(within(screen.getAllByTestId('conversation-entry')[0]).getByTestId('message-content').textContent).toBe('Wir grillen im Hof.');
    expect(within(screen.getAllByTestId('conversation-entry')[1]).getByTestId('message-content').textContent).toBe('Bis morgen');
  });

  it('keeps the original and says so in words when the service fails', async () => {
    const server = fakeServer({
      'GET /api/v1/network': withTranslations(true),
      'GET /api/v1/messages/c2': { status: 200, body: detail },
      'GET /translations/fr/message/c2': { status: 503, body: { error: 'translation_unavailable' } },
    });
    renderPage(<MessageDetailPage />, { url: '/messages/c2', path: '/messages/:id', api: server.api });
    fireEvent.change(await screen.findByTestId('message-translation-language'), { target: { value: 'fr' } });
    expect((await screen.findByTestId('toast')).textContent).toContain('The message could not be translated.');
    expect(screen.getByTestId('message-subject').textContent).toBe('Sommerfest');
    expect(screen.getByTestId('message-translation').getAttribute('data-state')).toBe('original');
  });
});
