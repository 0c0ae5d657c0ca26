/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type AppDto, type ItemDto, type PropertyDefinition, type WallResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { anApp as appFixture } from '../testing/app-fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { NewItemPage } from './ItemFormPage';
import { WallPage } from './WallPage';
import { insertAfterFor, withPendingMove } from './wall-order';

jest.mock('./apps.css', () => ({}));

const status = propertyDefinition({ id: 'p-status', name: 'status', label: 'Status', type: 'selection', options: [{ label: 'To do', value: 'todo' }, { label: 'Done', value: 'done' }] });
const anApp = (properties: PropertyDefinition[], newItemCan: Record<string, boolean> = {}): AppDto => appFixture(properties, { newItemCan });
const anItem = (id: string, value: string | null, revision = 0): ItemDto => ({
  id,
  app_id: 'tasks',
  author_id: 'm1',
  revision,
  archived: false,
  values: { status: value === null ? [] : [value], title: id },
  display_values: { status: value ?? '', title: `Card ${id}` },
  can: { update: true, move: true, archive: true, 'update[status]': true, 'update[title]': true },
});

describe('the form generated from the definitions', () => {
  it("offers 'no selection' (-1) only for an optional single choice, rounds on blur, reads dates strictly, disables by can", async () => {
    const properties = [
      status,
      propertyDefinition({ id: 'p-kind', name: 'kind', label: 'Kind', type: 'selection', required: true, options: [{ label: 'Bug', value: 'bug' }] }),
      propertyDefinition({ id: 'p-effort', name: 'effort', label: 'Effort', type: 'number', precision: 1 }),
      propertyDefinition({ id: 'p-due', name: 'due', label: 'Due', type: 'date' }),
      propertyDefinition({ id: 'p-budget', name: 'budget', label: 'Budget', type: 'number', editable_by: 'admins' }),
      { ...propertyDefinition({ id: 'p-x', name: 'hologram', label: 'Hologram', type: 'text' }), type: 'hologram' } as unknown as PropertyDefinition,
    ];
    const server = fakeServer({ 'GET /api/v1/apps/tasks': { status: 200, body: anApp(properties, { 'update[budget]': false }) } });
    renderPage(<NewItemPage />, { url: '/apps/tasks/items/new', path: '/apps/:app/items/new', api: server.api });
    const statusSelect = (await screen.findByTestId('property-status')).querySelector('select') as HTMLSelectElement;
    expect(statusSelect.options[0]).toMatchObject({ value: '-1', textContent: 'No selection' });
    const kindSelect = screen.getByTestId('property-kind').querySelector('select') as HTMLSelectElement;
    expect([...kindSelect.options].map((option) => option.value)).not.toContain('-1');
    expect(screen.getByTestId('property-kind').textContent).toContain('*');

    const effort = screen.getByTestId('property-effort').querySelector('input') as HTMLInputElement;
    fireEvent.change(effort, { target: { value: '2.26' } });
    fireEvent.blur(effort);
    expect(effort.value).toBe('2.3');

    const due = screen.getByTestId('property-due').querySelector('input') as HTMLInputElement;
    expect(due.placeholder).toBe('MM/DD/YYYY');
    fireEvent.change(due, { target: { value: '31.12.2026' } });
    fireEvent.blur(due);
    expect(due.value).toBe('');
    fireEvent.change(due, { target: { value: '12/31/2026' } });
    fireEvent.blur(due);
    expect(due.value).toBe('12/31/2026');

    expect((screen.getByTestId('property-budget').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('property-hologram').textContent).toContain('Unsupported field type');
  });

  it('shows the server errors under their field, nested and list ones too, and sends dates as YYYY-MM-DD', async () => {
    const properties = [
      propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' }),
      propertyDefinition({ id: 'p-place', name: 'place', label: 'Place', type: 'address', country: 'Deutschland' }),
      propertyDefinition({ id: 'p-tags', name: 'tags', label: 'Tags', type: 'tag', multiple: true }),
      propertyDefinition({ id: 'p-due', name: 'due', label: 'Due', type: 'date' }),
    ];
    const server = fakeServer({
      'GET /api/v1/apps/tasks': { status: 200, body: anApp(properties) },
      'POST /api/v1/apps/tasks/items': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'validation_failed',
          errors: [
            { field: 'values.title', key: 'too_long' },
            { field: 'values.place.zip', key: 'invalid_zip' },
            { field: 'values.tags.0', key: 'too_long' },
          ],
        },
      },
    });
    renderPage(<NewItemPage />, { url: '/apps/tasks/items/new', path: '/apps/:app/items/new', api: server.api });
    const title = (await screen.findByTestId('property-title')).querySelector('input') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'A title' } });
    const state = screen.getByTestId('property-place').querySelector('select') as HTMLSelectElement;
    expect(state.options).toHaveLength(17);
    const tag = screen.getByTestId('property-tags').querySelector('input') as HTMLInputElement;
    fireEvent.change(tag, { target: { value: 'garden' } });
    fireEvent.keyDown(tag, { key: 'Enter' });
    const due = screen.getByTestId('property-due').querySelector('input') as HTMLInputElement;
    fireEvent.change(due, { target: { value: '01/02/2027' } });
    fireEvent.blur(due);
    fireEvent.click(screen.getByText('Create'));
    expect((await screen.findByTestId('error-title')).textContent).toBe('This is too long.');
    expect(screen.getByTestId('error-place.zip').textContent).toBe('A German postcode has five digits.');
    expect(screen.getByTestId('property-tags').textContent).toContain('This is too long.');
    expect(server.callsTo('POST', '/api/v1/apps/tasks/items')[0].body).toEqual({ values: { title: 'A title', tags: [{ id: '', name: 'garden' }], due: '2027-01-02' } });
  });
});

describe('the kanban wall', () => {
  const wallOf = (items: ItemDto[], unassigned: ItemDto[] = []): WallResponse => ({
    app: anApp([status, propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' })]),
    columns: [
      { value: 'todo', label: 'To do', items: items.filter((item) => (item.values.status as string[])[0] === 'todo'), total: 0, next: null },
      { value: 'done', label: 'Done', items: items.filter((item) => (item.values.status as string[])[0] === 'done'), total: 0, next: null },
    ],
    unassigned,
    members: {},
  });

  it('moves a card at once; after a 409 it reads the card again and sends the move on its new revision', async () => {
    let wall = wallOf([anItem('a', 'todo'), anItem('b', 'todo')], [anItem('c', null)]);
    let moves = 0;
    const server = fakeServer({
      'GET /api/v1/apps/tasks/wall': (): Answer => ({ status: 200, body: wall }),
      'GET /api/v1/apps/tasks/items/a': { status: 200, body: { app: wall.app, item: anItem('a', 'todo', 3), members: {} } },
      'POST /api/v1/apps/tasks/items/a/move': (): Answer => {
        moves += 1;
        if (moves === 1) return { status: 409, body: { statusCode: 409, error: 'concurrency_conflict', errors: [] } };
        wall = wallOf([anItem('b', 'todo'), anItem('a', 'done', 4)], [anItem('c', null)]);
        return { status: 200, body: { position: 5, revision: 4 }, position: 5 };
      },
    });
    renderPage(<WallPage />, { url: '/apps/tasks', path: '/apps/:app', api: server.api });
    await screen.findByTestId('card-a');
    expect(screen.getByTestId('unassigned').textContent).toContain('1 item has no Status');
    const select = screen.getByTestId('card-a').querySelector('select') as HTMLSelectElement;
    act(() => {
      fireEvent.change(select, { target: { value: 'done' } });
    });
    // shown in its new column before the server answered
    expect(screen.getByTestId('column-done').querySelector('[data-testid="card-a"]')).not.toBeNull();
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/tasks/items/a/move')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/v1/apps/tasks/items/a/move').map((call) => (call.body as { revision: number }).revision)).toEqual([0, 3]);
    await waitFor(() => expect(screen.getByTestId('column-done').querySelector('[data-testid="card-a"]')).not.toBeNull());
  });

  it("says so when the app has no columns", async () => {
    const wall: WallResponse = { ...wallOf([]), app: anApp([propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' })]), columns: [] };
    const server = fakeServer({ 'GET /api/v1/apps/tasks/wall': { status: 200, body: wall } });
    renderPage(<WallPage />, { url: '/apps/tasks', path: '/apps/:app', api: server.api });
    expect((await screen.findByTestId('no-columns')).textContent).toContain('no columns yet');
  });

  it('places a dropped card before or after the card it lands on', () => {
    const items = [anItem('a', 'todo'), anItem('b', 'todo'), anItem('c', 'todo')];
    expect(insertAfterFor(items, 'c', 'a', false)).toBeNull();
    expect(insertAfterFor(items, 'c', 'a', true)).toBe('a');
    expect(insertAfterFor(items, 'a', null, true)).toBe('c');
    const moved = withPendingMove(wallOf(items), { id: 'c', value: 'done', insert_after_id: null });
    expect(moved.columns.map((column) => column.items.map((item) => item.id))).toEqual([['a', 'b'], ['c']]);
  });
});
