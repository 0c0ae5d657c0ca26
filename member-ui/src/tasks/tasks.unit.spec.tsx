/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type AppDto, type FolderContentsDto, type ItemDto, type PropertyDefinition, type TaskMarkDto, type TasksResponse } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anApp as appFixture } from '../testing/app-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { NewItemPage } from '../apps/ItemFormPage';
import { ItemPage } from '../apps/ItemPage';
import { AVAILABLE_MODULES } from '../shell/navigation';
import { TasksPage } from './TasksPage';

jest.mock('../apps/apps.css', () => ({}));

const anItem = (id: string): ItemDto => ({
  id,
  app_id: 'todo',
  author_id: 'm2',
  revision: 0,
  archived: false,
  values: { title: id },
  display_values: { title: `Task ${id}` },
  can: { update: true, move: false, archive: false },
});
const aMark = (marks: Partial<TaskMarkDto> = {}): TaskMarkDto => ({
  starred: false,
  declined: false,
  note: '',
  revision: -1,
  can: { star: true, note: true, decline: true, withdraw_decline: false },
  ...marks,
});
const tasksOf = (entries: Array<[string, TaskMarkDto]>): TasksResponse => ({
  tasks: entries.map(([id, mark]) => ({ app: { id: 'todo', name: 'To do' }, title: `Task ${id}`, item: anItem(id), mark })),
  members: {},
});

describe('the tasks views', () => {
  it('stars a task and shows it in the starred view; declines one as its can allows', async () => {
    let starred = false;
    const server = fakeServer({
      'GET /api/v1/tasks': (call) => {
        const list = new URL(call.url, 'http://x').searchParams.get('list');
        if (list === 'starred') return { status: 200, body: tasksOf(starred ? [['t1', aMark({ starred: true })]] : []) };
        return { status: 200, body: tasksOf([['t1', aMark({ starred })], ['t2', aMark({ can: { star: true, note: true, decline: false, withdraw_decline: false } })]]) };
      },
      'PUT /api/v1/tasks/t1/star': () => {
        starred = true;
        return { status: 200, body: { position: 5, revision: 0 }, position: 5 };
      },
      'PUT /api/v1/tasks/t1/decline': { status: 422, body: { statusCode: 422, error: 'not_assigned', errors: [{ field: '', key: 'not_assigned' }] } },
    });
    renderPage(<TasksPage />, { url: '/tasks/my', path: '/tasks/:list', api: server.api });
    const marks = await screen.findByTestId('marks-t1');
    expect(screen.getByTestId('marks-t2').textContent).not.toContain('Decline');
    fireEvent.click(marks.querySelector('button[aria-pressed="false"]') as HTMLButtonElement);
    await waitFor(() => expect(server.callsTo('PUT', '/api/v1/tasks/t1/star')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('marks-t1').querySelector('button[aria-pressed="true"]')).not.toBeNull());
    fireEvent.click(screen.getByText('Decline'));
    expect((await screen.findByRole('alert')).textContent).toBe('This task is not assigned to you.');

    fireEvent.click(screen.getByRole('link', { name: 'Starred tasks' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Starred tasks');
    await waitFor(() => expect(screen.getByTestId('tasks').textContent).toContain('Task t1'));
    expect(screen.queryByTestId('task-t2')).toBeNull();
  });

  it('shows an empty view in words, never a raw key', async () => {
    const server = fakeServer({ 'GET /api/v1/tasks': { status: 200, body: tasksOf([]) } });
    renderPage(<TasksPage />, { url: '/tasks/notes', path: '/tasks/:list', api: server.api });
    expect(await screen.findByText('You have not written notes on any task.')).toBeTruthy();
  });

  it('is in the navigation now that every view exists', () => {
    expect(AVAILABLE_MODULES.has('tasks')).toBe(true);
  });
});

const anApp = (properties: PropertyDefinition[]): AppDto => appFixture(properties, { id: 'todo', name: 'To do' });
const aFolder = (): FolderContentsDto =>
  ({
    folder: { id: 'root', name: 'Files' },
    breadcrumbs: [{ id: 'root', name: 'Files' }],
    folders: [],
    files: [
      { id: 'f1', type: 'file', name: 'plan.pdf', extension: 'pdf', content_type: 'application/pdf', url: '/api/storage/files/f1/get/plan.pdf?_=v1' },
      { id: 'f2', type: 'file', name: 'roof.png', extension: 'png', content_type: 'image/png', url: '/api/storage/files/f2/get/roof.png?_=v1' },
    ],
  }) as unknown as FolderContentsDto;

describe('the pickers of the generated form', () => {
  it('picks a file and an image from the files the member may read, and an item of the related app by search', async () => {
    const properties = [
      propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' }),
      propertyDefinition({ id: 'p-file', name: 'attachment', label: 'Attachment', type: 'file' }),
      propertyDefinition({ id: 'p-photo', name: 'photo', label: 'Photo', type: 'image' }),
      propertyDefinition({ id: 'p-place', name: 'place', label: 'Place', type: 'relation', related_apps: ['places'] }),
    ];
    const server = fakeServer({
      'GET /api/v1/apps/todo': { status: 200, body: anApp(properties) },
      'GET /api/storage/folders/root': { status: 200, body: aFolder() },
      'GET /api/v1/apps/places/items': { status: 200, body: { items: [{ id: 'p1', app: 'places', displayValue: 'Town hall' }] } },
      'POST /api/v1/apps/todo/items': {
        status: 400,
        body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'values.attachment', key: 'unknown_file' }] },
      },
    });
    renderPage(<NewItemPage />, { url: '/apps/todo/items/new', path: '/apps/:app/items/new', api: server.api });
    const attachment = await screen.findByTestId('property-attachment');
    fireEvent.click(attachment.querySelector('button[aria-expanded]') as HTMLButtonElement);
    fireEvent.click(await screen.findByRole('option', { name: 'plan.pdf' }));
    expect(screen.getByTestId('picked-attachment').textContent).toContain('plan.pdf');

    fireEvent.click(screen.getByTestId('property-photo').querySelector('button[aria-expanded]') as HTMLButtonElement);
    // an image property offers images only
    await screen.findByRole('option', { name: 'roof.png' });
    expect(screen.queryByRole('option', { name: 'plan.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'roof.png' }));

    const search = screen.getByTestId('property-place').querySelector('input') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'town' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Town hall' }));
    expect(screen.getByTestId('relation-p1').textContent).toContain('Town hall');

    fireEvent.click(screen.getByText('Create'));
    expect((await screen.findByTestId('error-attachment')).textContent).toBe('You cannot use this file (it does not exist or you may not read it).');
    expect(server.callsTo('POST', '/api/v1/apps/todo/items')[0].body).toEqual({
      values: {
        attachment: { id: 'f1', name: 'plan.pdf', extension: 'pdf' },
        photo: { id: 'f2', name: 'roof.png', imageUrl: '/api/storage/files/f2/get/roof.png?_=v1', thumbnailUrl: '/api/storage/files/f2/get/roof.png?_=v1' },
        place: [{ id: 'p1', app: 'places', displayValue: 'Town hall' }],
      },
    });
    expect(new URL(server.callsTo('GET', '/api/v1/apps/places/items')[0].url, 'http://x').searchParams.get('q')).toBe('town');
  });
});

describe('the item page', () => {
  it("links related items and files, and keeps the member's note when it lost a race (read again, saved on the new revision)", async () => {
    const properties = [
      propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' }),
      propertyDefinition({ id: 'p-file', name: 'attachment', label: 'Attachment', type: 'file' }),
      propertyDefinition({ id: 'p-place', name: 'place', label: 'Place', type: 'relation', related_apps: ['places'] }),
    ];
    let revision = 0;
    const item: ItemDto = {
      ...anItem('t1'),
      values: { title: 't1', attachment: { id: 'f1', name: 'plan.pdf', extension: 'pdf' }, place: [{ id: 'p1', app: 'places', displayValue: 'Town hall' }] },
      display_values: { title: 'Task t1', attachment: 'plan.pdf (pdf)', place: 'Town hall' },
    };
    const server = fakeServer({
      'GET /api/v1/apps/todo/items/t1': () => ({ status: 200, body: { app: anApp(properties), item, members: {}, mark: aMark({ note: revision === 0 ? '' : 'Theirs', revision }) } }),
      'PUT /api/v1/tasks/t1/note': (call) => {
        if ((call.body as { revision: number }).revision !== revision) return { status: 409, body: { statusCode: 409, error: 'concurrency_conflict', errors: [] } };
        revision += 1;
        return { status: 200, body: { position: 9, revision }, position: 9 };
      },
    });
    renderPage(<ItemPage />, { url: '/apps/todo/items/t1', path: '/apps/:app/items/:id', api: server.api });
    expect((await screen.findByRole('link', { name: 'Town hall' })).getAttribute('href')).toBe('/apps/places/items/p1');
    expect(screen.getByRole('link', { name: 'plan.pdf (pdf)' }).getAttribute('href')).toBe('/files/f1');
    // another console saved a note meanwhile: the stream is at revision 1 while this page still shows 0
    revision = 1;
    const note = screen.getByLabelText<HTMLTextAreaElement>('My note (only you see it)');
    fireEvent.change(note, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByText('Save note'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/v1/tasks/t1/note')).toHaveLength(1));
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/apps/todo/items/t1').length).toBeGreaterThan(1));
    expect(note.value).toBe('Mine');
    fireEvent.click(screen.getByText('Save note'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/v1/tasks/t1/note')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/v1/tasks/t1/note').map((call) => call.body)).toEqual([
      { note: 'Mine', revision: 0 },
      { note: 'Mine', revision: 1 },
    ]);
  });
});
