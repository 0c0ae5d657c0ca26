/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type AppDto, type PropertyDefinition } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anApp, anItemAnswer } from '../testing/app-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { NewItemPage } from './ItemFormPage';
import { ItemPage } from './ItemPage';

jest.mock('./apps.css', () => ({}));

const properties: PropertyDefinition[] = [
  propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' }),
  propertyDefinition({ id: 'p-notes', name: 'notes', label: 'Notes', type: 'text', multiline: true }),
  propertyDefinition({ id: 'p-body', name: 'body', label: 'Body', type: 'html' }),
];
const app: AppDto = anApp(properties, { id: 'docs', name: 'Documents' });

describe('multiline text and html properties', () => {
  it('are written in the posts\' rich composer, and the form sends its markup', async () => {
    const server = fakeServer({
      'GET /api/v1/apps/docs': { status: 200, body: app },
      'POST /api/v1/apps/docs/items': { status: 201, body: { id: 'i1', position: 3 }, position: 3 },
    });
    renderPage(<NewItemPage />, { url: '/apps/docs/items/new', path: '/apps/:app/items/new', api: server.api });
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(notes.getAttribute('contenteditable')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('aria-multiline')).toBe('true');
    // the composer's toolbar, as under posts
    expect(screen.getByTestId('composer-notes').querySelector('[role="toolbar"]')).not.toBeNull();
    expect(document.querySelector('textarea')).toBeNull();

    fireEvent.change(screen.getByTestId('property-title').querySelector('input') as HTMLInputElement, { target: { value: 'Plan' } });
    notes.innerHTML = '<p>Meet <strong>Monday</strong></p>';
    fireEvent.input(notes);
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/docs/items')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/apps/docs/items')[0].body).toEqual({ values: { title: 'Plan', notes: '<p>Meet <strong>Monday</strong></p>' } });
  });

  it('are shown as rich text through the allowed elements only', async () => {
    const answer = anItemAnswer(
      app,
      // what the server sends is sanitised already; the page builds elements of the allowed ones even so
      { title: 'Plan', notes: '<p>Meet <strong>Monday</strong></p>', body: '<p>x<img src="x" onerror="window.hit = 1"><script>window.hit = 2</script></p>' },
      { title: 'Plan', notes: 'Meet Monday', body: 'x' },
    );
    const server = fakeServer({ 'GET /api/v1/apps/docs/items/i1': { status: 200, body: answer } });
    renderPage(<ItemPage />, { url: '/apps/docs/items/i1', path: '/apps/:app/items/:id', api: server.api });
    const notes = await screen.findByTestId('value-notes');
    expect(notes.querySelector('strong')?.textContent).toBe('Monday');
    const body = screen.getByTestId('value-body');
    expect(body.textContent).toContain('x');
    expect(body.querySelector('img, script')).toBeNull();
  });
});
