import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CONSISTENCY_HEADER, type ChannelCan, type ChannelDto, type NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  email: string;
  cookie: string;
  csrf: string;
  can: NetworkResponse['can'];
}

const NONE: ChannelCan = { update: false, subscribe: false, favorite: false, create_articles: false };

/**
 * The channel flags the consoles receive (network can.create_channels, a channel's i.can) are what the
 * server does, for every role (member, external member, network admin, auditor) and for an active and a
 * draft channel: an action whose flag is true is accepted, one whose flag is false is refused.
 */
describe('channel flags agree with the answers, for every role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-channel-abilities-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, Client> = {};
  let fixture = 0;

  const signIn = async (email: string): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { email, cookie, csrf: network.csrf_token ?? '', can: network.can };
  };
  const call = async (client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const flags = async (client: Client, slug: string): Promise<ChannelCan> => {
    const res = await call(client, 'get', `/channels/${slug}`);
    if (res.status === 404) return NONE;
    expect(res.status).toBe(200);
    return (res.body as ChannelDto).i.can;
  };

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'channel-abilities-secret-0123456789abcdef0123', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signIn(`${name}@example.org`);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  interface Outcome {
    kind: string;
    action: string;
    flag: boolean;
    status: number;
  }

  /** a fresh channel of the status with a text widget, created by the admin */
  const create = async (status: 'active' | 'draft' | 'archived'): Promise<{ slug: string; widgetId: string }> => {
    fixture += 1;
    const slug = `fixture-${fixture}`;
    const created = await call(clients.admin, 'post', '/channels', { channel: { title: `Fixture ${fixture}`, slug, status } });
    expect(created.status).toBe(201);
    const widget = await call(clients.admin, 'post', `/channels/${slug}/widgets`, { widget: { type: 'text', html_content: '<p>x</p>' } });
    expect(widget.status).toBe(201);
    return { slug, widgetId: String(widget.body.id) };
  };

  const walk = async (role: string): Promise<Outcome[]> => {
    const client = clients[role];
    const outcomes: Outcome[] = [];
    const created = await call(client, 'post', '/channels', { channel: { title: `By ${role}` } });
    outcomes.push({ kind: 'network', action: 'create_channels', flag: client.can.create_channels, status: created.status });
    for (const status of ['active', 'draft', 'archived'] as const) {
      const { slug, widgetId } = await create(status);
      const on = async (action: keyof ChannelCan, name: string, act: () => Promise<{ status: number }>) => {
        const can = await flags(client, slug);
        outcomes.push({ kind: status, action: name, flag: can[action], status: (await act()).status });
      };
      await on('update', 'edit', () => call(client, 'put', `/channels/${slug}`, { channel: { title: 'Renamed', status } }));
      await on('update', 'design', () => call(client, 'put', `/channels/${slug}/design`, { design: { logo_type: 'extended', banner_type: 'color', banner_color: '00796b' } }));
      await on('update', 'layout', () => call(client, 'put', `/channels/${slug}/layout`, { rows: [{ layout: 'half-2-1', widgets: [widgetId, null] }] }));
      await on('update', 'add_widget', () => call(client, 'post', `/channels/${slug}/widgets`, { widget: { type: 'blog', count: 2 } }));
      await on('update', 'edit_widget', () => call(client, 'put', `/channels/${slug}/widgets/${widgetId}`, { widget: { type: 'text', html_content: '<p>y</p>' } }));
      await on('create_articles', 'write_article', () => call(client, 'post', `/blogs/${slug}/articles`, { article: { title: 'News', html_content: '<p>z</p>' } }));
      await on('subscribe', 'subscribe', () => call(client, 'post', `/channels/${slug}/subscribe`));
      await on('subscribe', 'unsubscribe', () => call(client, 'post', `/channels/${slug}/unsubscribe`));
      await on('favorite', 'favorite', () => call(client, 'post', `/channels/${slug}/favorite`));
      await on('update', 'remove_widget', () => call(client, 'delete', `/channels/${slug}/widgets/${widgetId}`));
    }
    return outcomes;
  };

  const disagreements = (outcomes: Outcome[]) =>
    outcomes.filter(({ flag, status }) => (flag ? status >= 300 : status < 300 || (status !== 403 && status !== 404))).map((o) => `${o.kind} ${o.action}: can=${o.flag}, answered ${o.status}`);

  const walked: Outcome[] = [];
  for (const role of ['admin', 'member', 'guest', 'auditor']) {
    it(`${role}: every flag is what the server does`, async () => {
      const outcomes = await walk(role);
      walked.push(...outcomes);
      expect(outcomes.length).toBe(1 + 3 * 10);
      expect(disagreements(outcomes)).toEqual([]);
    });
  }

  it('walked both answers of every action: each is allowed to someone and refused to someone', () => {
    const actions = [...new Set(walked.map((o) => o.action))];
    expect(actions.length).toBe(11);
    for (const action of actions) {
      const of = walked.filter((o) => o.action === action);
      expect([action, of.some((o) => o.flag), of.some((o) => !o.flag)]).toEqual([action, true, true]);
    }
  });
});
