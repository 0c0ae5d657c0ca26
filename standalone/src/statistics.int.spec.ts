import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  NETWORK_STATISTICS_ID,
  NETWORK_STATISTICS_TOPIC,
  STATISTICS_COLLECTION,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type NetworkResponse,
  type StatisticsResponse,
} from '@cn/contracts';
import { useDemoServer, type DemoAccount } from './testing/demo-server';
import { listenSocket } from './testing/realtime-upgrade';
import { requestCaller } from './testing/signed-in-client';

/**
 * Statistics through the one-process server: the network's for auditors and administrators (as the `can`
 * flags say), a group's for its administrators only, the range rules answered 400 with field and key, and a
 * group's day pushed to the open statistics of those who may read them.
 */
describe('statistics', () => {
  const demo = useDemoServer('statistics');
  const { clients } = demo;
  const today = new Date().toISOString().slice(0, 10);
  const call = requestCaller(() => demo.server);

  it("counts today's members, active members, events and commands from the log", async () => {
    const res = await call(clients.admin, 'get', `/administration/statistics?from=${today}&to=${today}`).expect(200);
    const body = res.body as StatisticsResponse;
    expect(body).toMatchObject({ scope: 'network', from: today, to: today, storage_bytes: null });
    const [day] = body.days;
    expect(day.members).toBeGreaterThanOrEqual(4);
    expect(day.active_members).toBeGreaterThanOrEqual(1);
    expect(day.commands).toBeGreaterThan(0);
    expect(day.commands).toBeLessThanOrEqual(day.events);
    // the default range: the last 30 days, today last
    const fallback = (await call(clients.auditor, 'get', '/administration/statistics').expect(200)).body as StatisticsResponse;
    expect(fallback.days).toHaveLength(30);
    expect(fallback.days[29]).toEqual(day);
    expect(fallback.days[0]).toMatchObject({ events: 0, members: 0 });
  });

  it('answers 400 naming the field for a bad range', async () => {
    const bad = async (query: string): Promise<unknown> => (await call(clients.admin, 'get', `/administration/statistics?${query}`).expect(400)).body.errors as unknown;
    expect(await bad('from=2026-13-01')).toEqual([{ field: 'from', key: 'invalid_format' }]);
    expect(await bad('from=2026-11-10&to=2026-11-01')).toEqual([{ field: 'to', key: 'too_small' }]);
    expect(await bad('from=2024-01-01&to=2025-06-01')).toEqual([{ field: 'to', key: 'too_big' }]);
    expect(await bad('unknown=1')).toEqual([expect.objectContaining({ key: expect.any(String) })]);
  });

  it('lets auditors and administrators read the network statistics, as the network flags say, and a group admin their group', async () => {
    for (const role of ['member', 'guest', 'auditor', 'admin'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const res = await call(clients[role], 'get', '/administration/statistics');
      expect({ role, status: res.status }).toEqual({ role, status: can.audit ? 200 : 403 });
    }
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const { slug } = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Statistics choir' } }).expect(201)).body as { slug: string };
    const own = (await call(clients.member, 'get', `/groups/${slug}/administration/statistics?from=${today}&to=${today}`).expect(200)).body as StatisticsResponse;
    expect(own).toMatchObject({ scope: 'group', days: [expect.objectContaining({ date: today, members: 1 })] });
    await call(clients.admin, 'get', `/groups/${slug}/administration/statistics`).expect(200);
    await call(clients.guest, 'get', `/groups/${slug}/administration/statistics`).expect(403);
    await call(clients.auditor, 'get', `/groups/${slug}/administration/statistics`).expect(403);
    await call(clients.member, 'get', '/groups/no-such-group/administration/statistics').expect(404);
  });

  it("pushes a group's changed day to the consoles watching statistics that may read them, and to no one else", async () => {
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const { slug } = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Live statistics choir' } }).expect(201)).body as { slug: string };
    const groupId = ((await call(clients.member, 'get', `/api/v1/groups/${slug}`).expect(200)).body as GroupDetailDto).id;
    const port = (demo.server.address() as AddressInfo).port;
    const listen = async (role: DemoAccount) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: clients[role].cookie } });
      const pushed: Array<{ collection: string; id: string; doc: { position: number } }> = [];
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string; doc: { position: number } };
        if (message.type === 'changed' && message.collection === 'statistics_days') pushed.push(message);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'watch', topics: ['statistics'] }));
      return { pushed, close: () => socket.close() };
    };
    const groupAdmin = await listen('member');
    const networkAdmin = await listen('admin');
    const guest = await listen('guest');
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await call(clients.member, 'put', `/groups/${slug}`, { group: { teaser: 'We count' } }).expect(200);
      const last = (await call(clients.member, 'put', `/groups/${slug}`, { group: { teaser: 'We count again' } }).expect(200)).body as { position: number };
      // the pushes of one read model go in order: once the second change reached the group admin, the first was decided for everyone
      const deadline = Date.now() + 5000;
      const reached = (listener: { pushed: Array<{ doc: { position: number } }> }) => listener.pushed.some((message) => message.doc.position >= last.position);
      const secondArrived = () => reached(groupAdmin) && reached(networkAdmin);
      while (Date.now() < deadline && !secondArrived()) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const listener of [groupAdmin, networkAdmin]) {
        expect(new Set(listener.pushed.map((message) => message.id))).toEqual(new Set([groupId]));
        expect(listener.pushed.map((message) => message.doc.position)).toContain(last.position);
      }
      expect(guest.pushed).toEqual([]);
      // the pushed change is in the answer: today's activity counts both changes
      const today = ((await call(clients.member, 'get', `/groups/${slug}/administration/statistics?from=${new Date().toISOString().slice(0, 10)}`).expect(200)).body as StatisticsResponse).days.at(-1);
      expect(today?.commands).toBeGreaterThanOrEqual(3);
    } finally {
      groupAdmin.close();
      networkAdmin.close();
      guest.close();
    }
  });

  it("pushes the network's changed day to the open network statistics of those the network statistics route admits, and to no one else", async () => {
    const port = (demo.server.address() as AddressInfo).port;
    const open = async (role: DemoAccount) => {
      const socket = await listenSocket(port, '/api/realtime', { Cookie: clients[role].cookie });
      socket.watch([NETWORK_STATISTICS_TOPIC]);
      await socket.next((frame) => frame.type === 'watching');
      return socket;
    };
    const sockets = { admin: await open('admin'), auditor: await open('auditor'), member: await open('member'), guest: await open('guest') };
    try {
      const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
      const created = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Network statistics choir' } }).expect(201)).body as { position: number };
      const isNetworkDay = (frame: { type: string; collection?: string; id?: string }) => frame.type === 'changed' && frame.collection === STATISTICS_COLLECTION && frame.id === NETWORK_STATISTICS_ID;
      // a burst is told at once and then with its latest position: the push after the change names it or a later one
      const reached = (frame: { type: string; collection?: string; id?: string; doc?: unknown }) => isNetworkDay(frame) && (frame.doc as { position: number }).position >= created.position;
      for (const role of ['admin', 'auditor'] as const) {
        const pushed = await sockets[role].next(reached);
        expect(Object.keys(pushed.doc as object)).toEqual(['position']);
      }
      // one push goes to every admitted watcher at once: once the auditor heard it, the member and the guest were passed over
      for (const role of ['member', 'guest'] as const) expect(sockets[role].frames.filter(isNetworkDay)).toEqual([]);
      // the route agrees: they may not read what they were not told
      const can = async (role: DemoAccount) => ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can.audit;
      for (const role of ['admin', 'auditor', 'member', 'guest'] as const) expect({ role, pushed: sockets[role].frames.some(isNetworkDay) }).toEqual({ role, pushed: await can(role) });
      const today = ((await call(clients.admin, 'get', '/administration/statistics').expect(200)).body as StatisticsResponse).days.at(-1);
      expect(today?.events).toBeGreaterThan(0);
    } finally {
      for (const socket of Object.values(sockets)) socket.close();
    }
  });
});
