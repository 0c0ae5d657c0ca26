import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { PUBLIC_NAVIGATION_TOPIC, VISITOR_REALTIME_PATH, VISITOR_TOPIC_REFUSED_CODE } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { attachVisitorRealtime } from './attach-visitor-realtime';
import { RealtimeHub, type RealtimeMessage } from './realtime-hub';
import type { SocketServer } from './socket-server';
import { changeRouter, type ChangePublisher } from './change-publisher';

const change = (id: string): RealtimeMessage => ({ type: 'changed', collection: 'navigations', id, doc: { position: 1 } });

/**
 * The visitors' socket on a bare HTTP server: open without a session, closed to other sites' pages,
 * capped in number, kept apart from every member push, told only public topics.
 */
describe('the visitors realtime socket', () => {
  let server: Server;
  let visitors: SocketServer;
  let port: number;
  const hub = new RealtimeHub();

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    visitors = attachVisitorRealtime(server, { hub, maxConnections: 2, readPosition: () => 7 });
  });
  afterAll(async () => {
    await visitors.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** an upgrade's outcome: the open socket with what it heard, or the status it was refused with */
  const upgrade = (headers: Record<string, string> = {}) =>
    new Promise<{ socket: WebSocket; heard: unknown[]; closed: Promise<number> } | number>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${VISITOR_REALTIME_PATH}`, { headers });
      const heard: unknown[] = [];
      socket.on('message', (raw: Buffer) => heard.push(JSON.parse(raw.toString('utf8'))));
      const closed = new Promise<number>((done) => socket.once('close', (code: number) => done(code)));
      socket.once('open', () => resolve({ socket, heard, closed }));
      socket.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', reject);
    });
  const opened = async (headers: Record<string, string> = {}) => {
    const result = await upgrade(headers);
    if (typeof result === 'number') throw new Error(`refused with ${result}`);
    return result;
  };

  it("refuses another site's page, opens without a session, and caps the number of visitors", async () => {
    expect(await upgrade({ Origin: 'https://evil.example' })).toBe(403);
    const first = await opened({ Origin: `http://127.0.0.1:${port}` });
    const second = await opened();
    expect(await upgrade()).toBe(503);
    second.socket.close();
    await second.closed;
    const third = await opened();
    first.socket.close();
    third.socket.close();
    await Promise.all([first.closed, third.closed]);
  });

  it('tells a visitor the public topic it watches and nothing a member is sent', async () => {
    const visitor = await opened();
    try {
      visitor.socket.send(JSON.stringify({ type: 'watch', topics: [PUBLIC_NAVIGATION_TOPIC] }));
      await eventually(() => expect(visitor.heard).toEqual([{ type: 'watching', topics: [PUBLIC_NAVIGATION_TOPIC], position: 7 }]), 3000);
      // no member push can reach it: to a member, to everyone connected, to a topic's watchers
      expect(hub.connectedMembers()).toEqual([]);
      expect(hub.watching(PUBLIC_NAVIGATION_TOPIC)).toEqual([]);
      hub.publishTo('', change('to-a-member'));
      await hub.publishEach(() => change('to-everyone'));
      // a topic that is not public is never sent to visitors, even one a visitor could not have watched
      hub.publishToVisitors('groups', change('not-public'));
      hub.publishToVisitors(PUBLIC_NAVIGATION_TOPIC, change('network'));
      await eventually(() => expect(visitor.heard).toHaveLength(2), 3000);
      expect(visitor.heard[1]).toEqual(change('network'));
    } finally {
      visitor.socket.close();
      await visitor.closed;
    }
  });

  it('closes the socket on a watch of anything else and on any other frame', async () => {
    for (const frame of [JSON.stringify({ type: 'watch', topics: ['statistics'] }), JSON.stringify({ type: 'watch', topics: [PUBLIC_NAVIGATION_TOPIC, 'groups'] }), 'hello', Buffer.from([1, 2, 3])]) {
      const visitor = await opened();
      visitor.socket.send(frame);
      expect(await visitor.closed).toBe(VISITOR_TOPIC_REFUSED_CODE);
      expect(visitor.heard).toEqual([]);
    }
    // each one left the hub with its socket
    await eventually(() => expect(hub.visitorCount()).toBe(0), 3000);
  });

  it("hands a change to visitors' publishers alone while only visitors are connected", async () => {
    const routed = new RealtimeHub();
    const ran: string[] = [];
    const publisher = (name: string, visitors: boolean): ChangePublisher => ({
      collection: 'navigations',
      visitors,
      publish: () => {
        ran.push(name);
        return Promise.resolve();
      },
    });
    const router = changeRouter(routed, [publisher('members only', false), publisher('visitors too', true)]);
    const navigationChange = { collection: 'navigations', id: 'network', doc: { _id: 'network', _position: 1 }, event: { position: 1 } } as Parameters<ChangePublisher['publish']>[0];
    router.route(navigationChange);
    await router.flushed();
    expect(ran).toEqual([]);
    const leave = routed.addVisitor({ topics: new Set([PUBLIC_NAVIGATION_TOPIC]), send: () => undefined });
    router.route(navigationChange);
    await router.flushed();
    expect(ran).toEqual(['visitors too']);
    routed.add({ memberId: 'ada', send: () => undefined });
    router.route(navigationChange);
    await router.flushed();
    expect(ran).toEqual(['visitors too', 'members only', 'visitors too']);
    leave();
  });
});
