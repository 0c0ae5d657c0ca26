/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ActivitiesResponse, ActivityDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeUpload, useFakeUploads } from '../testing/fake-upload';
import { fakeServer, renderPage } from '../testing/render';
import { ActivityStreamPage } from './ActivityStreamPage';

jest.mock('./activities.css', () => ({}));
jest.mock('../messages/messages.css', () => ({}));

const post = (attachments: ActivityDto['attachments']): ActivityDto => ({
  id: 'p1',
  kind: 'post',
  stream: { slug: 'choir', name: 'Choir' },
  author: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
  html_content: '<p>Pictures of the concert</p>',
  attachments,
  subject: null,
  created_at: '2026-12-01T18:00:00.000Z',
  updated_at: '2026-12-01T18:00:00.000Z',
  position: 5,
  likes_count: 0,
  liked: false,
  replies: [],
  can: { update: false, destroy: false, reply: false, like: true },
});
const page = (activities: ActivityDto[]): ActivitiesResponse => ({
  stream: { slug: 'choir', name: 'Choir', kind: 'group', subscribed: true },
  activities,
  latest_position: 0,
  unread_count: 0,
  next_before: null,
  can: { post: true, subscribe: false },
});

/** writes into the opened composer's editor, once its chunk is in (Composer.tsx loads the form when opened) */
const write = async (text: string) => {
  const editor = await screen.findByTestId('composer').then(() => document.getElementById('composer-editor'));
  if (!editor) throw new Error('no editor');
  editor.innerHTML = `<p>${text}</p>`;
  fireEvent.input(editor);
};

describe('the activity composer with files', () => {
  useFakeUploads();

  it('uploads at once with progress, holds the post back meanwhile, shows a refused upload in words, and posts the uploaded ids', async () => {
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': { status: 200, body: page([]) },
      'POST /api/v1/activitystreams/choir/activities': { status: 201, body: { id: 'p9', position: 9 }, position: 9 },
    });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    fireEvent.click(await screen.findByTestId('composer-open'));
    await write('Concert photos');
    const files = [new File(['png'], 'Stage.png', { type: 'image/png' }), new File(['x'.repeat(10)], 'Huge.mov', { type: 'video/quicktime' })];
    fireEvent.change(screen.getByTestId('message-attachment-input'), { target: { files } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(2));
    expect(FakeUpload.open[0]?.path).toBe('/api/storage/files');
    act(() => FakeUpload.open[0]?.progress(0.5));
    expect(screen.getByTestId('message-attachment-Stage.png').querySelector('progress')?.getAttribute('value')).toBe('0.5');
    expect(screen.getByTestId<HTMLButtonElement>('composer-send').disabled).toBe(true);
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-1', position: 1 }));
    act(() => FakeUpload.open[1]?.answer(413, { statusCode: 413, error: 'file_too_large', errors: [{ field: 'file', key: 'file_too_large' }] }));
    await waitFor(() => expect(screen.getByTestId('message-attachment-Huge.mov').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('message-attachment-Huge.mov').textContent).toContain('The file is too large.');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('composer-send').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/activitystreams/choir/activities')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/activitystreams/choir/activities')[0]?.body).toEqual({ content: '<p>Concert photos</p>', attachments: ['up-1'] });
  });

  it('says so when the server refuses a file', async () => {
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': { status: 200, body: page([]) },
      'POST /api/v1/activitystreams/choir/activities': { status: 422, body: { statusCode: 422, error: 'unknown_attachment', errors: [{ field: 'attachments.0', key: 'unknown_attachment' }] } },
    });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    fireEvent.click(await screen.findByTestId('composer-open'));
    await write('Look');
    fireEvent.change(screen.getByTestId('message-attachment-input'), { target: { files: [new File(['x'], 'Gone.txt')] } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(1));
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-9', position: 1 }));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('composer-send').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(await screen.findByText('A file is not available to you (any more).')).toBeTruthy();
    // the draft stays, with its file, to be corrected
    expect(screen.getByTestId('message-attachment-Gone.txt')).toBeTruthy();
  });

  it('keeps a cancelled new post\'s text and files, an upload finishing while it is closed included, for when it is opened again', async () => {
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': { status: 200, body: page([]) },
      'POST /api/v1/activitystreams/choir/activities': { status: 201, body: { id: 'p9', position: 9 }, position: 9 },
    });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    fireEvent.click(await screen.findByTestId('composer-open'));
    await write('Rehearsal notes');
    fireEvent.change(screen.getByTestId('message-attachment-input'), { target: { files: [new File(['pdf'], 'Notes.pdf')] } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('composer')).toBeNull());
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-4', position: 1 }));
    fireEvent.click(await screen.findByTestId('composer-open'));
    await waitFor(() => expect(screen.getByTestId('message-attachment-Notes.pdf').getAttribute('data-state')).toBe('ready'));
    expect(document.getElementById('composer-editor')?.textContent).toBe('Rehearsal notes');
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/activitystreams/choir/activities')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/activitystreams/choir/activities')[0]?.body).toEqual({ content: '<p>Rehearsal notes</p>', attachments: ['up-4'] });
  });
});

describe('a post with files', () => {
  it('shows images as the server\'s thumbnails that open at the lightbox size, and other files as links with name and size through the post', async () => {
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': {
        status: 200,
        body: page([
          post([
            { id: 'img', name: 'Stage.png', content_type: 'image/png', size: 5120, image: true, url: '/api/v1/activities/p1/attachments/img', thumbnail_url: '/api/v1/activities/p1/attachments/img?size=thumb' },
            { id: 'doc', name: 'Programme.pdf', content_type: 'application/pdf', size: 2048, image: false, url: '/api/v1/activities/p1/attachments/doc', thumbnail_url: null },
          ]),
        ]),
      },
    });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    const section = await screen.findByTestId('activity-attachments');
    const thumbnail = within(section).getByTestId('activity-image');
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe('/api/v1/activities/p1/attachments/img?size=thumb');
    const link = within(section).getByTestId('activity-file');
    expect(link.getAttribute('href')).toBe('/api/v1/activities/p1/attachments/doc?download');
    expect(link.textContent).toBe('Programme.pdf');
    expect(section.textContent).toContain('2.0 kB');
    expect(screen.queryByTestId('activity-lightbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Stage.png large' }));
    const lightbox = screen.getByTestId('activity-lightbox');
    expect(lightbox.querySelector('img')?.getAttribute('src')).toBe('/api/v1/activities/p1/attachments/img?size=lightbox');
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('activity-lightbox')).toBeNull();
  });

  it('shows no file section for a post without files', async () => {
    const server = fakeServer({ 'GET /api/v1/activitystreams/choir/activities': { status: 200, body: page([post([])]) } });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    await screen.findByText('Pictures of the concert');
    expect(screen.queryByTestId('activity-attachments')).toBeNull();
  });
});

describe("editing a post's files", () => {
  useFakeUploads();

  it("edits a post's files in the composer: the carried ones listed, one removed, one uploaded; the edit names the whole set", async () => {
    const server = fakeServer({
      'GET /api/v1/activitystreams/choir/activities': {
        status: 200,
        body: page([
          {
            ...post([
              { id: 'img', name: 'Stage.png', content_type: 'image/png', size: 5120, image: true, url: '/api/v1/activities/p1/attachments/img', thumbnail_url: null },
              { id: 'doc', name: 'Programme.pdf', content_type: 'application/pdf', size: 2048, image: false, url: '/api/v1/activities/p1/attachments/doc', thumbnail_url: null },
            ]),
            can: { update: true, destroy: true, reply: true, like: true },
          },
        ]),
      },
      'PUT /api/v1/activities/p1': { status: 200, body: { id: 'p1', position: 10 }, position: 10 },
      'DELETE /api/storage/files/img': { status: 200, body: { position: 11 } },
    });
    renderPage(<ActivityStreamPage />, { url: '/activitystreams/choir', path: '/activitystreams/:slug', api: server.api });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = await screen.findByTestId('edit-p1');
    expect(within(field).getByTestId('message-attachment-Stage.png')).toBeTruthy();
    expect(within(field).getByTestId('message-attachment-Programme.pdf')).toBeTruthy();
    fireEvent.click(within(within(field).getByTestId('message-attachment-Stage.png')).getByTestId('message-attachment-remove'));
    expect(within(field).queryByTestId('message-attachment-Stage.png')).toBeNull();
    fireEvent.change(within(field).getByTestId('message-attachment-input'), { target: { files: [new File(['x'], 'Seating.pdf')] } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(1));
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-2', position: 1 }));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('edit-p1-send').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('edit-p1-send'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/v1/activities/p1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/v1/activities/p1')[0]?.body).toEqual({ content: '<p>Pictures of the concert</p>', attachments: ['doc', 'up-2'] });
    // a file the post carried is only taken off the post, never deleted from the files area
    expect(server.callsTo('DELETE', '/api/storage/files/img')).toHaveLength(0);
  });
});
