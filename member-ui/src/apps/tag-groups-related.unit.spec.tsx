/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type AppDto, type FindTagsResponse, type PropertyDefinition, type WallResponse } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anAppDto } from '../testing/fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { NewItemPage } from './ItemFormPage';
import { WallPage } from './WallPage';

jest.mock('./apps.css', () => ({}));

const anApp = (id: string, properties: PropertyDefinition[], createItem = true): AppDto => anAppDto(properties, { id, name: id === 'ideas' ? 'Ideas' : 'Places', create_item: createItem });

const places = [propertyDefinition({ id: 'p-name', name: 'name', label: 'Name', type: 'text' })];
const place = propertyDefinition({ id: 'p-place', name: 'place', label: 'Place', type: 'relation', related_apps: ['places'], allow_create_related: true });

const render = (ideas: PropertyDefinition[], routes: Record<string, Answer | ((call: { url: string }) => Answer)>) => {
  const server = fakeServer({ 'GET /api/v1/apps/ideas': { status: 200, body: anApp('ideas', ideas) }, 'POST /api/v1/apps/ideas/items': { status: 201, body: { id: 'i1', position: 9, revision: 0 } }, ...routes });
  renderPage(<NewItemPage />, { url: '/apps/ideas/items/new', path: '/apps/:app/items/new', api: server.api });
  return server;
};

describe('tag groups in the generated form', () => {
  it("asks for the tags of the property's groups and its own, and marks internal tags", async () => {
    const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['labels/p-topics'] });
    const found: FindTagsResponse = { tags: [{ id: 'tag-garden', name: 'Garden', new: false }] };
    const server = render([staff], { 'GET /tags/find': { status: 200, body: found } });
    const field = await screen.findByTestId('property-staff');
    expect(field.textContent).toContain('Internal tags: external members do not see them.');
    fireEvent.change(field.querySelector('input') as HTMLInputElement, { target: { value: 'gar' } });
    await screen.findByTestId('tag-suggestions-staff');
    const asked = new URL(server.callsTo('GET', '/tags/find')[0]?.url ?? '', 'http://console').searchParams;
    expect(asked.get('tag_parents')).toBe('labels/p-topics,ideas/p-staff');
    // the property asking: the server offers internal tags only to an internal one
    expect(asked.get('property')).toBe('ideas/p-staff');
  });

  it("shows the server's tag_not_in_parents under the tag it names", async () => {
    const topic = propertyDefinition({ id: 'p-topic', name: 'topic', label: 'Topic', type: 'tag', multiple: true, tag_parents: ['labels/p-topics'] });
    render([topic], {
      'GET /tags/find': { status: 200, body: { tags: [] } },
      'POST /api/v1/apps/ideas/items': { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'values.topic.0', key: 'tag_not_in_parents' }] } },
    });
    const input = (await screen.findByTestId('property-topic')).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Pond' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByText('Create'));
    expect(await screen.findByText('This tag belongs to another tag group; choose one of the suggested tags.')).toBeTruthy();
  });
});

describe('a related item created from the relation picker (allow_create_related)', () => {
  it('creates the typed title in the related app and picks it', async () => {
    const server = render([place], {
      'GET /api/v1/apps/places': { status: 200, body: anApp('places', places) },
      'GET /api/v1/apps/places/items': { status: 200, body: { items: [] } },
      'POST /api/v1/apps/places/items': { status: 201, body: { id: 'p9', position: 3, revision: 0 } },
    });
    const input = (await screen.findByTestId('property-place')).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Town hall' } });
    fireEvent.click(await screen.findByText('Create “Town hall” in Places'));
    expect((await screen.findByTestId('relation-p9')).textContent).toContain('Town hall');
    expect(server.callsTo('POST', '/api/v1/apps/places/items')[0]?.body).toEqual({ values: { name: 'Town hall' } });
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/ideas/items')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/apps/ideas/items')[0]?.body).toEqual({ values: { place: [{ id: 'p9', app: 'places', displayValue: 'Town hall' }] } });
  });

  it('offers no creation where the related app says the member may not create, nor without allow_create_related', async () => {
    const server = render([place, { ...place, id: 'p-plain', name: 'plain', allow_create_related: false }], {
      'GET /api/v1/apps/places': { status: 200, body: anApp('places', places, false) },
      'GET /api/v1/apps/places/items': { status: 200, body: { items: [] } },
    });
    for (const name of ['place', 'plain']) {
      const input = (await screen.findByTestId(`property-${name}`)).querySelector('input') as HTMLInputElement;
      fireEvent.change(input, { target: { value: 'Town hall' } });
    }
    await waitFor(() => expect(screen.getAllByText('No matching items.')).toHaveLength(2));
    expect(screen.queryByText(/Create “Town hall”/)).toBeNull();
    // the related app's definition is read once, for the property that allows creating
    expect(server.callsTo('GET', '/api/v1/apps/places')).toHaveLength(1);
  });

  it("shows the related app's refusal (403) under the field and picks nothing", async () => {
    render([place], {
      'GET /api/v1/apps/places': { status: 200, body: anApp('places', places) },
      'GET /api/v1/apps/places/items': { status: 200, body: { items: [] } },
      'POST /api/v1/apps/places/items': { status: 403, body: { statusCode: 403, error: 'forbidden', errors: [] } },
    });
    const input = (await screen.findByTestId('property-place')).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Town hall' } });
    fireEvent.click(await screen.findByText('Create “Town hall” in Places'));
    expect((await screen.findByTestId('create-related-error-place')).textContent).toBe('You may not create items in that app.');
    expect(screen.queryByTestId(/^relation-/)).toBeNull();
  });
});

describe('the board filter by tag', () => {
  it("shows a card's tags (as the server answered them) as links that filter the wall, and names the filter", async () => {
    const topic = propertyDefinition({ id: 'p-topic', name: 'topic', label: 'Topic', type: 'tag', multiple: true });
    const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['ideas/p-topic'] });
    const title = propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' });
    const card = { id: 'a', app_id: 'ideas', author_id: 'm1', revision: 0, archived: false, values: { title: 'Beds', topic: [{ id: 't1', name: 'Garden' }], staff: [{ id: 't2', name: 'Budget tight' }] }, display_values: {}, can: {} };
    const wall: WallResponse = { app: anApp('ideas', [title, topic, staff]), columns: [], unassigned: [card], members: {} };
    const server = fakeServer({ 'GET /api/v1/apps/ideas/wall': { status: 200, body: wall } });
    renderPage(<WallPage />, { url: '/apps/ideas?tag=Budget%20tight', path: '/apps/:app', api: server.api });
    const tags = await screen.findByTestId('card-tags-a');
    expect([...tags.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Garden', '/apps/ideas?tag=Garden'],
      ['Budget tight', '/apps/ideas?tag=Budget%20tight'],
    ]);
    expect(screen.getByTestId('wall-filter').textContent).toContain('Budget tight');
    expect(new URL(server.callsTo('GET', '/api/v1/apps/ideas/wall')[0]?.url ?? '', 'http://console').searchParams.get('tag')).toBe('Budget tight');
  });
});
