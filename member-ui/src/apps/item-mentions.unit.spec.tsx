/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { mentionMarkup, propertyDefinition, type AppDto, type MemberSuggestion, type PropertyDefinition } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anApp, anItemAnswer } from '../testing/app-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { NewItemPage } from './ItemFormPage';
import { ItemPage } from './ItemPage';

jest.mock('./apps.css', () => ({}));

const properties: PropertyDefinition[] = [
  propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' }),
  propertyDefinition({ id: 'p-notes', name: 'notes', label: 'Notes', type: 'text', multiline: true }),
];
const app: AppDto = anApp(properties, { id: 'ideas', name: 'Ideas' });
const gina: MemberSuggestion = { id: 'g1', displayName: 'Gina Guest', detection_profile_field: '', is_external: true, images: { small: null } };

describe('mentions in an item form', () => {
  it("typing '@' and a name in a rich text field lists the members (GET /members?q=); picking one puts the mention the server reads into the saved value", async () => {
    const server = fakeServer({
      'GET /api/v1/apps/ideas': { status: 200, body: app },
      'GET /members': (call) => ({ status: 200, body: call.url.includes('q=gi') ? [gina] : [] }),
      'POST /api/v1/apps/ideas/items': { status: 201, body: { id: 'i1', position: 3, revision: 0 }, position: 3 },
    });
    renderPage(<NewItemPage />, { url: '/apps/ideas/items/new', path: '/apps/:app/items/new', api: server.api });
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(screen.queryByTestId('mention-picker')).toBeNull();

    notes.innerHTML = '<p>Ask @</p>';
    fireEvent.input(notes);
    expect(screen.getByTestId('mention-picker').textContent).toContain('Type a name to mention a member.');
    notes.innerHTML = '<p>Ask @gi</p>';
    fireEvent.input(notes);
    fireEvent.click(await screen.findByTestId('mention-option-g1'));
    expect(server.callsTo('GET', '/members').some((call) => call.url.includes('q=gi'))).toBe(true);
    // the mention replaced what was typed, and the picker closed
    expect(notes.querySelector('a')?.getAttribute('href')).toBe('/members/g1');
    expect(screen.queryByTestId('mention-picker')).toBeNull();

    fireEvent.change(screen.getByTestId('property-title').querySelector('input') as HTMLInputElement, { target: { value: 'Bike racks' } });
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/ideas/items')).toHaveLength(1));
    const sent = (server.callsTo('POST', '/api/v1/apps/ideas/items')[0].body as { values: { notes: string } }).values.notes;
    expect(sent).toContain(mentionMarkup('g1', 'Gina Guest'));
    expect(sent).not.toContain('@gi<');
  });

  it('shows a mention in an item as a link to the member inside the console', async () => {
    const answer = anItemAnswer(
      app,
      { title: 'Bike racks', notes: `<p>Ask ${mentionMarkup('g1', 'Gina Guest')} or <a href="/members/g2">her page</a></p>` },
      { title: 'Bike racks', notes: 'Ask @Gina Guest or her page' },
    );
    const server = fakeServer({ 'GET /api/v1/apps/ideas/items/i1': { status: 200, body: answer } });
    renderPage(<ItemPage />, { url: '/apps/ideas/items/i1', path: '/apps/:app/items/:id', api: server.api });
    const notes = await screen.findByTestId('value-notes');
    const mentions = notes.querySelectorAll('[data-testid="mention"]');
    expect([...mentions].map((link) => [link.textContent, link.getAttribute('href'), link.className])).toEqual([['@Gina Guest', '/members/g1', 'mention']]);
  });
});
