/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { WidgetBarResponse } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { GroupWidgetBarEditor } from './GroupWidgetBarEditPage';

const PATH = '/groups/g1/administration/widgetbars/dashboard.json';
const saved: WidgetBarResponse = { scope: 'g1', slug: 'dashboard', widgets: [{ type: 'text', properties: { content: 'Hi', renderer: 'markdown' } }], revision: 2 };

describe("a group's widget bar editor", () => {
  it('adds group_info with its default, moves it first and saves at the revision read, with a toast', async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: { status: 200, body: saved },
      'GET /groups/g1/administration/widgetbars/calendars.json': { status: 200, body: { calendars: [] } },
      [`PUT ${PATH}`]: { status: 200, body: { position: 9 }, position: 9 },
    });
    renderPage(<GroupWidgetBarEditor groupId="g1" barSlug="dashboard" mayEdit />, { url: '/', path: '/', api: server.api });
    await screen.findByTestId('widgetbar-widget-0');
    fireEvent.click(screen.getByTestId('widget-add-group_info'));
    expect(screen.getByTestId<HTMLTextAreaElement>('widget-property-content').value).toBe('{{group_image}}\n\n## {{group_name}}');
    const [, secondUp] = screen.getAllByRole('button', { name: 'Move up' });
    if (secondUp) fireEvent.click(secondUp);
    fireEvent.click(screen.getByTestId('widgetbar-save'));
    await screen.findByText('The widget bar was saved.');
    expect(server.callsTo('PUT', PATH).map((call) => call.body)).toEqual([
      {
        widgetbar: {
          widgets: [
            { type: 'group_info', properties: { content: '{{group_image}}\n\n## {{group_name}}', renderer: 'markdown' } },
            { type: 'text', properties: { content: 'Hi', renderer: 'markdown' } },
          ],
        },
        revision: 2,
      },
    ]);
  });

  it("says the server's refusal in words (a stale revision) and reads the bar again", async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: { status: 200, body: saved },
      'GET /groups/g1/administration/widgetbars/calendars.json': { status: 200, body: { calendars: [] } },
      [`PUT ${PATH}`]: { status: 409, body: { statusCode: 409, error: 'concurrency_conflict' } },
    });
    renderPage(<GroupWidgetBarEditor groupId="g1" barSlug="dashboard" mayEdit />, { url: '/', path: '/', api: server.api });
    await screen.findByTestId('widgetbar-widget-0');
    fireEvent.click(screen.getByTestId('widgetbar-save'));
    await waitFor(() => expect(server.callsTo('GET', PATH).length).toBeGreaterThan(1));
    await screen.findByText('Someone else just changed this. Please try again.');
  });

  it('shows the not-found page and a toast when the bar cannot be loaded, and nothing to members who may not edit', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { status: 404, body: { statusCode: 404, error: 'not_found' } }, 'GET /groups/g1/administration/widgetbars/calendars.json': { status: 404, body: { statusCode: 404, error: 'not_found' } } });
    const { unmount } = renderPage(<GroupWidgetBarEditor groupId="g1" barSlug="dashboard" mayEdit />, { url: '/', path: '/', api: server.api });
    await screen.findByText('The widget bar could not be loaded.');
    expect(screen.queryByTestId('widgetbar-save')).toBeNull();
    unmount();
    renderPage(<GroupWidgetBarEditor groupId="g1" barSlug="dashboard" mayEdit={false} />, { url: '/', path: '/', api: server.api });
    await screen.findByTestId('widgetbar-editor-forbidden');
  });
});
