import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CHANNELS_TOPIC,
  CONSISTENCY_HEADER,
  channelStream,
  type ArticleDto,
  type ChannelDirectoryResponse,
  type ChannelDto,
  type ChannelsUserbarResponse,
  type NetworkResponse,
  type RssFeedResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { eventually } from '@cn/platform/testing';
import { PROJECTION_RUNTIME, type ProjectionServiceRuntime } from '@cn/projection-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  id: string;
  cookie: string;
  csrf: string;
}

const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
<item><title>First &amp; best</title><link>https://example.org/1</link></item>
<item><title>Second</title><link>https://example.org/2</link></item>
<item><title>Third</title><link>https://example.org/3</link></item></channel></rss>`;

/** Channels through the write side, the read side and the search side, in one process. */
describe('channels over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-channels-'));
  let running: RunningStandalone;
  let server: Server;
  let feedServer: HttpServer;
  let feedUrl = '';
  let position = 0;
  let admin: Client;
  let member: Client;

  const signIn = async (email: string, password = DEMO_PASSWORD): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { id: network.current_member?.id ?? '', cookie, csrf: network.csrf_token ?? '' };
  };
  /** a command call (still a supertest request: `.expect(status)`); the position it answers is read along later */
  const call = (client: Client, method: 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    pending.on('response', (res: { body?: { position?: unknown } }) => {
      const answered = res.body?.position;
      if (typeof answered === 'number') position = Math.max(position, answered);
    });
    return body === undefined ? pending : pending.send(body);
  };
  const get = (client: Client, path: string) => request(server).get(path).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position));
  const head = () => running.infra.eventStore.headPosition();
  const channel = async (client: Client, slug: string) => (await get(client, `/channels/${slug}`).expect(200)).body as ChannelDto;

  beforeAll(async () => {
    feedServer = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(FEED));
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'channels-secret-0123456789abcdef0123456789ab', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error', FEEDS_ALLOW_PRIVATE_NETWORKS: 'true' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    admin = await signIn('admin@example.org');
    member = await signIn('member@example.org');
  });
  afterAll(async () => {
    await running.stop();
    feedServer.closeAllConnections();
    await new Promise((resolve) => feedServer.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the demo seed has a news channel with widgets, a photo gallery and a draft only administrators see', async () => {
    const news = await channel(member, 'neuigkeiten');
    expect(news.widgets.map((widget) => widget.type).sort()).toEqual(['appointments', 'banner', 'blog', 'link', 'people', 'spotlight', 'text']);
    expect(news.widgets.find((widget) => widget.type === 'blog')?.latest_articles).toHaveLength(2);
    const gallery = await channel(member, 'fotogalerie');
    expect(gallery.widgets.find((widget) => widget.type === 'images')).toMatchObject({ w: 2, images: expect.arrayContaining([expect.objectContaining({ name: 'Foto 1' })]) });
    await get(member, '/channels/vorstand-intern').expect(404);
    expect((await channel(admin, 'vorstand-intern')).status).toBe('draft');
  });

  it('creates a channel (slug from the title), refuses bad input with nothing appended, a taken slug with 409', async () => {
    const created = await call(admin, 'post', '/channels', { channel: { title: 'Gärten & Höfe', description: 'Alles über Gärten' } }).expect(201);
    expect(created.body).toMatchObject({ id: 'gaerten-hoefe', slug: 'gaerten-hoefe' });
    const before = await head();
    const missing = await call(admin, 'post', '/channels', { channel: { title: '  ' } }).expect(400);
    expect(missing.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'channel.title', key: 'required' }] });
    const badSlug = await call(admin, 'post', '/channels', { channel: { title: 'X', slug: 'Not a slug!' } }).expect(400);
    expect(badSlug.body.errors).toEqual([{ field: 'channel.slug', key: 'invalid_format' }]);
    const taken = await call(admin, 'post', '/channels', { channel: { title: 'Other', slug: 'gaerten-hoefe' } }).expect(409);
    expect(taken.body).toMatchObject({ error: 'slug_taken' });
    await call(member, 'post', '/channels', { channel: { title: 'Mine' } }).expect(403);
    await request(server).post('/channels').send({ channel: { title: 'Anonymous' } }).expect((res) => expect([401, 403]).toContain(res.status));
    expect(await head()).toBe(before);
    const page = await channel(member, 'gaerten-hoefe');
    expect(page).toMatchObject({ title: 'Gärten & Höfe', status: 'active', subscribers_count: 0, i: { favorited: false, subscribed: false, can: { update: false, subscribe: true } } });
    expect((await channel(admin, 'gaerten-hoefe')).i.can.update).toBe(true);
  });

  it('adds widgets (rich text sanitised before it is stored), lays them out, reads an RSS feed on the server', async () => {
    const slug = 'gaerten-hoefe';
    const text = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'text', title: 'Willkommen', html_content: '<p onclick="x()">Hallo<script>alert(1)</script></p>' } }).expect(201);
    const [stored] = (await running.infra.eventStore.readStream(channelStream(slug))).filter((event) => event.type === 'ChannelWidgetAdded');
    expect(JSON.stringify(stored.data)).not.toContain('script');
    const rss = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'rss', title: 'News', url: feedUrl, count: 2 } }).expect(201);
    const people = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'people', title: 'Team', member_ids: [admin.id, member.id] } }).expect(201);
    const before = await head();
    const unknown = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'people', member_ids: ['nobody'] } }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'widget.member_ids.0', key: 'unknown_member' }]);
    const badType = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'video' } }).expect(400);
    expect(badType.body.errors[0]).toMatchObject({ field: 'widget.type' });
    await call(member, 'post', `/channels/${slug}/widgets`, { widget: { type: 'text', html_content: 'x' } }).expect(403);
    expect(await head()).toBe(before);

    const [t, r, p] = [String(text.body.id), String(rss.body.id), String(people.body.id)];
    let page = await channel(member, slug);
    expect(page.layout).toEqual([{ layout: 'full', widgets: [t] }, { layout: 'full', widgets: [r] }, { layout: 'full', widgets: [p] }]);
    expect(page.widgets.find((widget) => widget.id === t)).toMatchObject({ type: 'text', html_content: '<p>Hallo</p>', w: 3 });
    expect(page.widgets.find((widget) => widget.id === p)?.memberships?.map((m) => m.name)).toEqual(['Ada Admin', 'Max Member']);

    await call(admin, 'put', `/channels/${slug}/layout`, { rows: [{ layout: 'half-1-2', widgets: [p, t] }, { layout: 'third', widgets: [r, null, null] }] }).expect(200);
    page = await channel(member, slug);
    expect(Object.fromEntries(page.widgets.map((widget) => [widget.id, widget.w]))).toEqual({ [t]: 2, [p]: 1, [r]: 1 });
    const layoutHead = await head();
    const cells = await call(admin, 'put', `/channels/${slug}/layout`, { rows: [{ layout: 'third', widgets: [t] }] }).expect(400);
    expect(cells.body.errors).toEqual([{ field: 'rows.0.widgets', key: 'invalid_cells' }]);
    const unknownWidget = await call(admin, 'put', `/channels/${slug}/layout`, { rows: [{ layout: 'full', widgets: ['nope'] }] }).expect(400);
    expect(unknownWidget.body.errors).toEqual([{ field: 'rows.0.widgets.0', key: 'unknown_widget' }]);
    await call(admin, 'put', `/channels/${slug}/layout`, { rows: [{ layout: 'half-1-2', widgets: [t, t] }] }).expect(400);
    await call(member, 'put', `/channels/${slug}/layout`, { rows: [] }).expect(403);
    expect(await head()).toBe(layoutHead);

    const feed = (await get(member, `/channels/${slug}/widgets/${r}/feed`).expect(200)).body as RssFeedResponse;
    expect(feed).toEqual({ items: [{ url: 'https://example.org/1', title: 'First & best', published_at: null }, { url: 'https://example.org/2', title: 'Second', published_at: null }], error: null });
    await get(member, `/channels/${slug}/widgets/${t}/feed`).expect(404);

    await call(admin, 'put', `/channels/${slug}/widgets/${t}`, { widget: { type: 'text', title: 'Neu', html_content: '<b>fett</b>' } }).expect(200);
    const typeChange = await call(admin, 'put', `/channels/${slug}/widgets/${t}`, { widget: { type: 'blog' } }).expect(400);
    expect(typeChange.body.errors).toEqual([{ field: 'widget.type', key: 'type_unchangeable' }]);
    await call(admin, 'delete', `/channels/${slug}/widgets/${r}`).expect(200);
    page = await channel(member, slug);
    expect(page.layout).toEqual([{ layout: 'half-1-2', widgets: [p, t] }]);
    expect(page.widgets.find((widget) => widget.id === t)).toMatchObject({ title: 'Neu', html_content: '<b>fett</b>' });

    const design = await call(admin, 'put', `/channels/${slug}/design`, { design: { logo_type: 'extended', banner_type: 'image' } }).expect(400);
    expect(design.body.errors).toEqual([{ field: 'design.banner_image', key: 'required' }]);
    await call(admin, 'put', `/channels/${slug}/design`, { design: { logo_type: 'hidden', banner_type: 'color', banner_color: '#FFEB3B' } }).expect(200);
    expect((await channel(member, slug)).design).toMatchObject({ logo_type: 'hidden', banner_type: 'color', banner_color: 'ffeb3b', derived_colors: { banner_text: '000000' } });
  });

  it('publishes sanitised articles that blog and spotlight widgets link to', async () => {
    const slug = 'gaerten-hoefe';
    const article = await call(admin, 'post', `/blogs/${slug}/articles`, { article: { title: 'Frühling', html_content: '<p>Jetzt <a href="javascript:alert(1)">säen</a></p><img src=x onerror=alert(1)>' } }).expect(201);
    const id = String(article.body.id);
    await call(member, 'post', `/blogs/${slug}/articles`, { article: { title: 'No' } }).expect(403);
    await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'blog', count: 3 } }).expect(201);
    await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'spotlight', label: 'Tipp', article_ids: [id] } }).expect(201);
    const spotlight = await call(admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'spotlight', article_ids: ['missing'] } }).expect(400);
    expect(spotlight.body.errors).toEqual([{ field: 'widget.article_ids.0', key: 'unknown_article' }]);
    const page = await channel(member, slug);
    const path = `/blogs/${slug}/articles/${id}`;
    expect(page.widgets.find((widget) => widget.type === 'blog')?.latest_articles).toEqual([expect.objectContaining({ id, title: 'Frühling', path, teaser: 'Jetzt säen' })]);
    expect(page.widgets.find((widget) => widget.type === 'spotlight')?.articles?.map((a) => a.path)).toEqual([path]);
    const read = (await get(member, path).expect(200)).body as ArticleDto;
    expect(read).toMatchObject({ title: 'Frühling', html_content: '<p>Jetzt <a>säen</a></p>', author: { name: 'Ada Admin' }, channel: { slug }, can: { update: false } });
    expect((await get(member, `/channels/${slug}/blog/articles`).expect(200)).body).toMatchObject({ pagination: { total: 1 } });
  });

  it('hides draft and archived channels from who cannot update them, everywhere', async () => {
    await call(admin, 'post', '/channels', { channel: { title: 'Baustelle', status: 'draft' } }).expect(201);
    await get(member, '/channels/baustelle').expect(404);
    await call(member, 'post', '/channels/baustelle/subscribe').expect(404);
    expect((await channel(admin, 'baustelle')).status).toBe('draft');
    // the demo seed's channels aside
    const mine = (slug: string) => slug === 'baustelle' || slug === 'gaerten-hoefe';
    const seen = async (client: Client) =>
      ((await get(client, '/directory/channels').expect(200)).body as ChannelDirectoryResponse).entries.filter((entry) => mine(entry.slug)).map((entry) => [entry.slug, entry.status]);
    expect(await seen(member)).toEqual([['gaerten-hoefe', 'active']]);
    expect(await seen(admin)).toEqual([['baustelle', 'draft'], ['gaerten-hoefe', 'active']]);
    expect(((await get(member, '/channels').expect(200)).body as ChannelsUserbarResponse).recent.map((link) => link.slug).filter(mine)).toEqual(['gaerten-hoefe']);
    // the visited channels the console names, in its order, as far as the member may see them
    const visited = async (client: Client) => ((await get(client, '/channels?recent=baustelle,no-such,gaerten-hoefe').expect(200)).body as ChannelsUserbarResponse).recent.map((link) => link.slug);
    expect(await visited(member)).toEqual(['gaerten-hoefe']);
    expect(await visited(admin)).toEqual(['baustelle', 'gaerten-hoefe']);
    await call(admin, 'put', '/channels/baustelle', { channel: { title: 'Baustelle', status: 'active' } }).expect(200);
    expect(await seen(member)).toEqual([['baustelle', 'active'], ['gaerten-hoefe', 'active']]);
    await call(admin, 'put', '/channels/gaerten-hoefe', { channel: { title: 'Gärten & Höfe', description: 'Alles über Gärten', status: 'archived' } }).expect(200);
    await get(member, '/channels/gaerten-hoefe').expect(404);
    expect(await seen(member)).toEqual([['baustelle', 'active']]);
    await call(admin, 'put', '/channels/gaerten-hoefe', { channel: { title: 'Gärten & Höfe', description: 'Alles über Gärten', status: 'active' } }).expect(200);
  });

  it('filters the directory by text, letter and subscription', async () => {
    const directory = async (query: string) => ((await get(member, `/directory/channels${query}`).expect(200)).body as ChannelDirectoryResponse).entries.map((entry) => entry.slug);
    expect(await directory('?letter=G')).toEqual(['gaerten-hoefe']);
    expect(await directory('?letter=b')).toEqual(['baustelle']);
    expect(await directory('?letter=Z')).toEqual([]);
    expect(await directory('?q=G%C3%A4rten')).toEqual(['gaerten-hoefe']);
    expect(await directory('?only_subscribed=true')).toEqual([]);
    await call(member, 'post', '/channels/baustelle/subscribe').expect(200);
    expect(await directory('?only_subscribed=true')).toEqual(['baustelle']);
    const bad = await get(member, '/directory/channels?letter=ab&page=0').expect(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['letter', 'page']);
    await call(member, 'post', '/channels/baustelle/unsubscribe').expect(200);
  });

  it('subscribes idempotently: 20 concurrent subscribers, each clicking twice, count 20; the count reaches an open page live', async () => {
    const slug = 'gaerten-hoefe';
    const port = (server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: member.cookie } });
    const messages: Array<{ collection: string; id: string }> = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as (typeof messages)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'watch', topics: [CHANNELS_TOPIC] }));
    const runtime = running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
    await eventually(() => runtime.hub.watching(CHANNELS_TOPIC).includes(member.id), 5000, 10);

    const started = Date.now();
    await call(admin, 'post', `/channels/${slug}/subscribe`).expect(200);
    await eventually(() => messages.some((message) => message.collection === 'channels' && message.id === slug), 1000, 10);
    const pushedAfter = Date.now() - started;
    expect(pushedAfter).toBeLessThan(1000);
    socket.close();

    const subscribers: Client[] = [];
    for (let i = 0; i < 19; i += 1) {
      const email = `subscriber${i}@example.org`;
      await call(admin, 'post', '/administration/members', { user: { email, password: 'Kompost-Haufen-2026!', first_name: 'Sub', last_name: `Scriber ${i}` } }).expect(201);
      subscribers.push(await signIn(email, 'Kompost-Haufen-2026!'));
    }
    const answers = await Promise.all(subscribers.flatMap((client) => [call(client, 'post', `/channels/${slug}/subscribe`), call(client, 'post', `/channels/${slug}/subscribe`)]));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(answers.every((res) => res.body.subscribed === true)).toBe(true);
    const page = await channel(member, slug);
    expect(page.subscribers_count).toBe(20);
    const events = (await running.infra.eventStore.readStream(channelStream(slug))).filter((event) => event.type === 'ChannelSubscribed');
    expect(events).toHaveLength(20);
    expect(((await get(subscribers[0], '/channels').expect(200)).body as ChannelsUserbarResponse).subscribed.map((link) => link.slug)).toEqual([slug]);
    expect(((await get(subscribers[0], '/channels').expect(200)).body as ChannelsUserbarResponse).popular[0]).toMatchObject({ slug, subscribers_count: 20 });
    expect(((await get(member, '/directory/channels?letter=G').expect(200)).body as ChannelDirectoryResponse).entries[0].subscribers_count).toBe(20);

    await Promise.all([call(subscribers[0], 'post', `/channels/${slug}/unsubscribe`), call(subscribers[0], 'post', `/channels/${slug}/unsubscribe`)]);
    expect((await channel(member, slug)).subscribers_count).toBe(19);
  });

  it('stars a channel per member, idempotently', async () => {
    const first = await call(member, 'post', '/channels/baustelle/favorite').expect(200);
    expect(first.body).toMatchObject({ favorited: true });
    await call(member, 'post', '/channels/baustelle/favorite').expect(200);
    expect((await channel(member, 'baustelle')).i.favorited).toBe(true);
    expect((await channel(admin, 'baustelle')).i.favorited).toBe(false);
    expect((await call(member, 'delete', '/channels/baustelle/favorite').expect(200)).body).toMatchObject({ favorited: false });
    expect((await channel(member, 'baustelle')).i.favorited).toBe(false);
    expect((await running.infra.eventStore.readStream(channelStream('baustelle'))).filter((event) => event.type.startsWith('ChannelFav') || event.type.startsWith('ChannelUnfav'))).toHaveLength(2);
  });
});
