/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type AppDto, type FindTagsResponse, type PropertyDefinition } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anAppDto } from '../testing/fixtures';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { NewItemPage } from './ItemFormPage';

jest.mock('./apps.css', () => ({}));

const anApp = (properties: PropertyDefinition[]): AppDto => anAppDto(properties);

/** the server's /tags/find: the network's tags starting with q, q offered as new unless exclude_new */
const findTags = (call: { url: string }): Answer => {
  const query = new URL(call.url, 'http://console').searchParams;
  const q = (query.get('q') ?? '').toLowerCase();
  const known = [
    { id: 'tag-garden', name: 'Garden', new: false },
    { id: 'tag-gardens', name: 'Gardens', new: false },
  ].filter((tag) => tag.name.toLowerCase().startsWith(q));
  const body: FindTagsResponse = { tags: query.get('exclude_new') === 'true' || known.some((tag) => tag.name.toLowerCase() === q) ? known : [...known, { id: '', name: query.get('q') ?? '', new: true }] };
  return { status: 200, body };
};

const setUp = (property: PropertyDefinition) => {
  const server = fakeServer({
    'GET /api/v1/apps/ideas': { status: 200, body: anApp([property]) },
    'GET /tags/find': findTags,
    'POST /api/v1/apps/ideas/items': { status: 201, body: { id: 'i1', position: 9, revision: 0 } },
  });
  renderPage(<NewItemPage />, { url: '/apps/ideas/items/new', path: '/apps/:app/items/new', api: server.api });
  return server;
};

describe('the tag field', () => {
  it("suggests the network's tags used under the property as the member types, once typing pauses, and takes a picked one with its id", async () => {
    const server = setUp(propertyDefinition({ id: 'p-tags', name: 'tags', label: 'Tags', type: 'tag', multiple: true }));
    const input = (await screen.findByTestId('property-tags')).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'g' } });
    fireEvent.change(input, { target: { value: 'gard' } });
    const suggestions = await screen.findByTestId('tag-suggestions-tags');
    // debounced: one call for what was typed last, narrowed to this property
    const calls = server.callsTo('GET', '/tags/find');
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0]?.url ?? '', 'http://console').searchParams;
    expect([asked.get('q'), asked.get('tag_parents'), asked.get('exclude_new')]).toEqual(['gard', 'ideas/p-tags', null]);
    expect([...suggestions.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Garden', 'Gardens', 'Create the tag “gard”']);
    fireEvent.mouseDown(screen.getByText('Gardens'));
    fireEvent.click(screen.getByText('Gardens'));
    expect(screen.queryByTestId('tag-suggestions-tags')).toBeNull();
    fireEvent.change(input, { target: { value: 'kids' } });
    fireEvent.click(await screen.findByText('Create the tag “kids”'));
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/ideas/items')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/apps/ideas/items')[0]?.body).toEqual({
      values: {
        tags: [
          { id: 'tag-gardens', name: 'Gardens' },
          { id: '', name: 'kids' },
        ],
      },
    });
  });

  it('offers only existing tags where the property does not allow creating: a typed unknown name is not taken', async () => {
    const server = setUp(propertyDefinition({ id: 'p-tags', name: 'tags', label: 'Tags', type: 'tag', allow_create: false }));
    const input = (await screen.findByTestId('property-tags')).querySelector('input') as HTMLInputElement;
    expect(input.placeholder).toBe('Search for a tag');
    fireEvent.change(input, { target: { value: 'garden' } });
    const suggestions = await screen.findByTestId('tag-suggestions-tags');
    expect(new URL(server.callsTo('GET', '/tags/find')[0]?.url ?? '', 'http://console').searchParams.get('exclude_new')).toBe('true');
    expect([...suggestions.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Garden', 'Gardens']);
    // Enter on a name a suggestion has takes that tag with its id
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('property-tags').querySelector('.apps-chip')?.textContent).toContain('Garden');
    fireEvent.change(input, { target: { value: 'Nowhere' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/apps/ideas/items')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/apps/ideas/items')[0]?.body).toEqual({ values: { tags: [{ id: 'tag-garden', name: 'Garden' }] } });
  });
});
