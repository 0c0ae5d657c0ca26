/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { MessageDetailDto, MessageDto, RecipientOptionsResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeUpload, useFakeUploads } from '../testing/fake-upload';
import { fakeServer, renderPage } from '../testing/render';
import { attachmentIds, attachmentsSettled } from './MessageAttachments';
import { MessageComposerPage } from './MessageComposerPage';
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
const attachment = (id: string, name: string) => ({ id, original_filename: name, extension: 'pdf', content_type: 'application/pdf', size: 2048, url: `/api/v1/messages/a1/files/${id}`, thumbnail_url: null, can: { download: true } });
const imageAttachment = (id: string, name: string) => ({ ...attachment(id, name), extension: 'png', content_type: 'image/png', thumbnail_url: `/api/v1/messages/a1/files/${id}?size=small` });

describe('attachment drafts', () => {
  it('hold the message back while one uploads, and send only the uploaded ones', () => {
    const draft = (state: 'uploading' | 'ready' | 'failed', id: string | null) => ({ clientId: id ?? 'x', source: 'upload' as const, name: 'n', size: 1, progress: 0, state, id, errorKey: null });
    expect(attachmentsSettled([draft('ready', 'f1'), draft('uploading', null)])).toBe(false);
    expect(attachmentsSettled([draft('ready', 'f1'), draft('failed', null)])).toBe(true);
    expect(attachmentIds([draft('ready', 'f1'), draft('failed', null), draft('ready', 'f2')])).toEqual(['f1', 'f2']);
  });
});

describe('the composer with attachments', () => {
  useFakeUploads();
  const options: RecipientOptionsResponse = { members: [{ id: 'max', name: 'Max Member', path: '/members/max' }], groups: [], can: { send_direct_messages: true, send_to_network: false, send_to_any_group: false } };

  it('uploads at once with progress, lets a file be removed before sending, and sends the rest', async () => {
    const server = fakeServer({
      'GET /api/v1/messages/recipients': { status: 200, body: options },
      'GET /members/max': { status: 200, body: { id: 'max', displayName: 'Max Member', name: 'Max Member' } },
      'DELETE /api/storage/files/up-2': { status: 200, body: { position: 3 } },
      'POST /api/v1/messages': { status: 201, body: { id: 'new', position: 4 } },
    });
    renderPage(<MessageComposerPage />, { url: '/messages/new?to=max', path: '/messages/new', api: server.api, others: { '/messages': <p data-testid="inbox-page" /> } });
    await screen.findByTestId('recipient-chip');
    fireEvent.change(screen.getByTestId('message-content-input'), { target: { value: 'Two files' } });
    const files = [new File(['one'], 'Plan.pdf', { type: 'application/pdf' }), new File(['two'], 'Old.pdf', { type: 'application/pdf' })];
    fireEvent.change(screen.getByTestId('message-attachment-input'), { target: { files } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(2));
    expect(FakeUpload.open[0]?.path).toBe('/api/storage/files');
    act(() => FakeUpload.open[0]?.progress(0.4));
    const uploading = screen.getByTestId('message-attachment-Plan.pdf');
    expect(uploading.getAttribute('data-state')).toBe('uploading');
    expect(uploading.querySelector('progress')?.getAttribute('value')).toBe('0.4');
    // not sent while a file is still on its way
    expect(screen.getByTestId<HTMLButtonElement>('message-send').disabled).toBe(true);
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-1', position: 1 }));
    act(() => FakeUpload.open[1]?.answer(201, { id: 'up-2', position: 2 }));
    await waitFor(() => expect(screen.getByTestId('message-attachment-Old.pdf').getAttribute('data-state')).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old.pdf' }));
    expect(screen.queryByTestId('message-attachment-Old.pdf')).toBeNull();
    await waitFor(() => expect(server.callsTo('DELETE', '/api/storage/files/up-2')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/messages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/messages')[0]?.body).toMatchObject({ to: ['max'], content: 'Two files', attachments: ['up-1'] });
    await screen.findByTestId('inbox-page');
  });

  it('shows a refused attachment at its field in words', async () => {
    const server = fakeServer({
      'GET /api/v1/messages/recipients': { status: 200, body: options },
      'GET /members/max': { status: 200, body: { id: 'max', displayName: 'Max Member', name: 'Max Member' } },
      'POST /api/v1/messages': { status: 422, body: { statusCode: 422, error: 'unknown_attachment', errors: [{ field: 'attachments.0', key: 'unknown_attachment' }] } },
    });
    renderPage(<MessageComposerPage />, { url: '/messages/new?to=max', path: '/messages/new', api: server.api });
    await screen.findByTestId('recipient-chip');
    fireEvent.change(screen.getByTestId('message-content-input'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByTestId('message-attachment-input'), { target: { files: [new File(['x'], 'Gone.txt')] } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(1));
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-9', position: 1 }));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('message-send').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('error-attachments')).textContent).toBe('A file is not available to you (any more).');
  });

  it('a forward lists the files it carries on', async () => {
    const source = aMessage('f1', { has_attachments: true, attachments: [attachment('doc', 'Carried.pdf')] });
    const server = fakeServer({ 'GET /api/v1/messages/f1': { status: 200, body: { ...source, conversation: [source] } } });
    renderPage(<MessageComposerPage />, { url: '/messages/new?forward=f1', path: '/messages/new', api: server.api });
    expect((await screen.findByTestId('message-attachment-carried')).textContent).toContain('Carried.pdf');
  });
});

describe('a message with attachments', () => {
  it('lists them with download links through the message', async () => {
    const message = aMessage('a1', { has_attachments: true, attachments: [attachment('doc', 'Report.pdf')] });
    const detail: MessageDetailDto = { ...message, conversation: [message] };
    const server = fakeServer({ 'GET /api/v1/messages/a1': { status: 200, body: detail } });
    renderPage(<MessageDetailPage />, { url: '/messages/a1', path: '/messages/:id', api: server.api });
    const link = await screen.findByTestId('message-attachment-link');
    expect(link.getAttribute('href')).toBe('/api/v1/messages/a1/files/doc');
    expect(link.textContent).toBe('Report.pdf');
    expect(screen.getByTestId('message-attachments').textContent).toContain('2.0 kB');
  });

  it('shows an image attachment at its small size, through the message; other files without a picture', async () => {
    const message = aMessage('a1', { has_attachments: true, attachments: [imageAttachment('pic', 'Photo.png'), attachment('doc', 'Report.pdf')] });
    const detail: MessageDetailDto = { ...message, conversation: [message] };
    const server = fakeServer({ 'GET /api/v1/messages/a1': { status: 200, body: detail } });
    renderPage(<MessageDetailPage />, { url: '/messages/a1', path: '/messages/:id', api: server.api });
    const thumbnail = await screen.findByTestId('message-attachment-thumbnail-Photo.png');
    expect(thumbnail.getAttribute('src')).toBe('/api/v1/messages/a1/files/pic?size=small');
    expect(screen.queryByTestId('message-attachment-thumbnail-Report.pdf')).toBeNull();
    expect(screen.getAllByTestId('message-attachment-link').map((link) => link.getAttribute('href'))).toEqual(['/api/v1/messages/a1/files/pic', '/api/v1/messages/a1/files/doc']);
  });
});
