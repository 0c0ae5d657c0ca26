/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { ResolvedWidget, ResolvedWidgetBarResponse } from '@cn/contracts';
import { act, screen } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { WidgetBar } from './WidgetBar';

const bar = (widgets: ResolvedWidget[]): ResolvedWidgetBarResponse => ({ scope: 'network', slug: 'dashboard', widgets });
const widget = (type: ResolvedWidget['type'], data: ResolvedWidget['data'], headline = ''): ResolvedWidget => ({ index: 0, type, headline, data });

describe('the widget bar in the member console', () => {
  it('shows each widget with its data, the empty states and the RSS error text', async () => {
    const server = fakeServer({
      'GET /widgetbars/as-dashboard': {
        status: 200,
        body: bar([
          widget('text', { kind: 'markdown', markdown: 'Hello **team** <script>alert(1)</script>' }),
          { ...widget('online_members', { kind: 'members', members: [] }), index: 1 },
          { ...widget('speed_dial', { kind: 'links', links: [] }), index: 2 },
          { ...widget('appointments', { kind: 'appointments', appointments: [] }, 'Our dates'), index: 3 },
          { ...widget('rss', { kind: 'feed', items: [], error: 'rss_unavailable' }), index: 4 },
          { ...widget('newest_members', { kind: 'members', members: [{ id: 'm2', name: 'Grace Hopper', path: '/members/m2', image: null }] }), index: 5 },
        ]),
      },
    });
    const { channel } = renderPage(<WidgetBar slug="dashboard" />, { url: '/', path: '/', api: server.api });
    // the markdown follows its own chunk (widget-markdown.tsx)
    const strong = await screen.findByText('team');
    expect(strong.tagName).toBe('STRONG');
    const text = screen.getByTestId('widget-text');
    expect(text.querySelector('script')).toBeNull();
    expect(text.textContent).toContain('<script>');
    expect(screen.getByTestId('widget-online_members').textContent).toContain('Nobody else is online right now.');
    // an online-members widget shown: members coming online or going offline are pushed to this console
    expect(channel.topics()).toEqual(['widgetbars', 'widgetbars_online']);
    expect(screen.getByTestId('widget-speed_dial').textContent).toContain('No favourites yet');
    expect(screen.getByTestId('widget-appointments').textContent).toBe('Our datesNo upcoming appointments.');
    expect(screen.getByTestId('widget-rss-error').textContent).toBe('This feed could not be read just now.');
    expect(screen.getByTestId('widget-member').textContent).toBe('Grace Hopper');
  });

  it("shows the profile fields the server lets the viewer see under each member, labelled, with the birthday as a date", async () => {
    const server = fakeServer({
      'GET /widgetbars/as-dashboard': {
        status: 200,
        body: bar([
          widget('admin_members', {
            kind: 'members',
            members: [
              { id: 'm1', name: 'Ada Admin', path: '/members/m1', image: null, fields: [{ field: 'email', value: 'ada@example.org' }, { field: 'birthday', value: '1990-12-24' }] },
              { id: 'm2', name: 'Grace Hopper', path: '/members/m2', image: null },
            ],
          }),
          { ...widget('birthday', { kind: 'birthdays', members: [{ id: 'm3', name: 'Bea Baker', path: '/members/m3', image: null, date: '12-24', fields: [{ field: 'age', value: '35' }] }] }), index: 1 },
        ]),
      },
    });
    renderPage(<WidgetBar slug="dashboard" />, { url: '/', path: '/', api: server.api });
    const admins = await screen.findByTestId('widget-admin_members');
    const [ada, grace] = admins.querySelectorAll('[data-testid="widget-member"]');
    expect(ada?.querySelector('[data-testid="widget-profile-fields"]')?.textContent).toBe('Emailada@example.orgBirthdayDec 24, 1990');
    expect(grace?.querySelector('[data-testid="widget-profile-fields"]')).toBeNull();
    expect(screen.getAllByTestId('widget-birthday')[1]?.querySelector('[data-testid="widget-profile-fields"]')?.textContent).toBe('Age35');
  });

  it('says so when the bar cannot be loaded', async () => {
    const server = fakeServer({ 'GET /widgetbars/g-g1-as-dashboard': { status: 500, body: { statusCode: 500, error: 'generic_error' } } });
    renderPage(<WidgetBar slug="dashboard" groupId="g1" />, { url: '/', path: '/', api: server.api });
    expect((await screen.findByTestId('widgetbar-error')).textContent).toBe('The widgets could not be loaded.');
  });

  it('watches the bars\' topic while shown and reads the bar again when a change is pushed', async () => {
    let content = 'First';
    const server = fakeServer({ 'GET /widgetbars/as-dashboard': () => ({ status: 200, body: bar([widget('text', { kind: 'markdown', markdown: content })]) }) });
    const { channel } = renderPage(<WidgetBar slug="dashboard" />, { url: '/', path: '/', api: server.api });
    await screen.findByText('First');
    // the server pushes a bar's changes only to consoles watching the topic
    expect(channel.topics()).toEqual(['widgetbars']);
    expect(screen.getByTestId('widget-text').textContent).toBe('First');
    content = 'Second';
    act(() => channel.push({ collection: 'widgetbars_v1', id: 'network:dashboard', doc: { position: 5 } }));
    expect(await screen.findByText('Second')).toBeTruthy();
  });

  it('lists the most viewed files with their views and group, links to their pages, says so when none was viewed, and follows a pushed view', async () => {
    let files = [
      { id: 'f1', name: 'Plan.pdf', path: '/files/f1', view_count: 3, group_name: null },
      { id: 'f2', name: 'Songs.txt', path: '/groups/choir/files/f2', view_count: 1, group_name: 'Choir' },
    ];
    const server = fakeServer({
      'GET /widgetbars/as-dashboard': () => ({
        status: 200,
        body: bar([widget('most_viewed_files', { kind: 'files', files }), { ...widget('most_viewed_files', { kind: 'files', files: [] }), index: 1 }]),
      }),
    });
    const { channel } = renderPage(<WidgetBar slug="dashboard" />, { url: '/', path: '/', api: server.api });
    const [listed, empty] = await screen.findAllByTestId('widget-most_viewed_files');
    expect(listed?.querySelector('h2')?.textContent).toBe('Most viewed files');
    expect([...(listed?.querySelectorAll('[data-testid="widget-file"]') ?? [])].map((item) => item.textContent)).toEqual(['Plan.pdf 3 views', 'Songs.txt Choir · 1 view']);
    expect([...(listed?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual(['/files/f1', '/groups/choir/files/f2']);
    expect(empty?.textContent).toContain('No file has been viewed yet.');
    files = [{ ...files[1], view_count: 4 }, files[0]];
    act(() => channel.push({ collection: 'widgetbars_v1', id: 'files', doc: { position: 9 } }));
    expect(await screen.findByText('Choir · 4 views')).toBeTruthy();
  });

  it('renders sanitized HTML through an allow-list, never as markup', async () => {
    const server = fakeServer({
      'GET /widgetbars/as-dashboard': { status: 200, body: bar([widget('text', { kind: 'html', html: '<p>Hi <a href="javascript:x">bad</a> <a href="/groups/choir">choir</a></p><img src="https://evil.example/x.png">' })]) },
    });
    renderPage(<WidgetBar slug="dashboard" />, { url: '/', path: '/', api: server.api });
    const text = await screen.findByTestId('widget-text');
    expect([...text.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['/groups/choir']);
    expect(text.querySelector('img')).toBeNull();
  });
});
