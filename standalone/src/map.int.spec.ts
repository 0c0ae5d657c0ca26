import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import { CONSISTENCY_HEADER, DEFAULT_NETWORK_ID, memberLocationStream, networkLocationStream, type GroupCategoriesResponse, type MapMembersResponse, type MemberAddressResponse, type NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * The map on one process against a local Nominatim stub (port 0): an address becomes a
 * MemberLocationGeocoded event (coordinates encrypted), then a marker; who may set and read an address;
 * an unresolvable address stays off the map; a hidden group's map is 404 to non-members.
 */
describe('map', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-map-'));
  const asked: string[] = [];
  const geocoder = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://stub').searchParams.get('q') ?? '';
    asked.push(q);
    res.setHeader('content-type', 'application/json');
    if (q.includes('Berlin')) res.end(JSON.stringify([{ lat: '52.52', lon: '13.405', display_name: 'Berlin' }]));
    else if (q.includes('Hamburg')) res.end(JSON.stringify([{ lat: '53.55', lon: '9.99' }]));
    else res.end('[]');
  });
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, SignedInClient> = {};
  const ids: Record<string, string> = {};

  const remember = (res: request.Response): request.Response => {
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const call = async (client: SignedInClient, method: 'get' | 'put' | 'post', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    return remember(await (body === undefined ? pending : pending.send(body)));
  };
  const streamEvents = async (memberId: string) => (await running.infra.eventStore.readStream(memberLocationStream(memberId))).map((e) => ({ type: e.type, data: e.data }));
  /** the reactor answers after the command: wait until the member's stream holds the event */
  const waitForEvent = async (memberId: string, type: string, count = 1): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while ((await streamEvents(memberId)).filter((e) => e.type === type).length < count) {
      if (Date.now() > deadline) throw new Error(`no ${type} for ${memberId}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    position = Math.max(position, ...(await running.infra.eventStore.readStream(memberLocationStream(memberId))).map((e) => e.position));
  };
  const markers = async (client: SignedInClient, group?: string) => {
    const res = await call(client, 'get', `/api/v1/map/members${group ? `?group=${group}` : ''}`);
    return { status: res.status, names: res.status === 200 ? (res.body as MapMembersResponse).markers.map((m) => m.name) : [], body: res.body as MapMembersResponse };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'map-secret-0123456789abcdef0123456789abcdef',
      PORT: '0',
      PASSWORD_SCRYPT_N: '1024',
      LOG_LEVEL: 'error',
      GEOCODER_URL: geocoderUrl,
      MAP_TILE_URL: 'http://tiles.invalid/{theme}/{z}/{x}/{y}.png',
    });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest']) {
      clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
      ids[name] = ((await call(clients[name], 'get', '/api/v1/network')).body as NetworkResponse).current_member?.id ?? '';
    }
  });
  afterAll(async () => {
    await running.stop();
    await new Promise((resolve) => geocoder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('config.maps is on only once the settings show the map (with the server’s tile URL and the theme)', async () => {
    const before = ((await call(clients.member, 'get', '/api/v1/network')).body as NetworkResponse).network.maps;
    expect(before).toMatchObject({ enabled: false, tile_url: null });
    expect((await markers(clients.member)).status).toBe(404);
    const head = await running.infra.eventStore.headPosition();
    const badZoom = await call(clients.admin, 'put', '/administration/settings', { member: { zoom_level: 7, map_theme: 'satellite' } });
    expect(badZoom.status).toBe(400);
    expect((badZoom.body as { errors: Array<{ field: string; key: string }> }).errors.map((e) => e.field).sort()).toEqual(['member.map_theme', 'member.zoom_level']);
    const noAddress = await call(clients.admin, 'put', '/administration/settings', { member: { show_map: true } });
    expect(noAddress.status).toBe(400);
    expect((noAddress.body as { errors: Array<{ field: string; key: string }> }).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'member.network_location.street', key: 'required' })]),
    );
    expect(await running.infra.eventStore.headPosition()).toBe(head);
    // a member's open console hears the map go on, without a reload
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: clients.member.cookie } });
    const pushed: Array<Record<string, unknown>> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; doc?: Record<string, unknown> };
      if (message.type === 'changed' && message.collection === 'network' && message.doc) pushed.push(message.doc);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const changed = await call(clients.admin, 'put', '/administration/settings', {
      member: { show_map: true, zoom_level: 6, map_theme: 'outdoors', network_location: { street: 'Unter den Linden', number: '1', zip: '10117', city: 'Berlin', country: 'DE', lat: 52.517, lng: 13.389 } },
    });
    expect(changed.status).toBe(200);
    const maps = ((await call(clients.member, 'get', '/api/v1/network')).body as NetworkResponse).network.maps;
    expect(maps).toEqual({ enabled: true, tile_url: 'http://tiles.invalid/outdoors/{z}/{x}/{y}.png', zoom_level: 6, center: { lat: 52.517, lng: 13.389 }, scope: 'all' });
    const deadline = Date.now() + 1000;
    while (!pushed.some((doc) => (doc.maps as { enabled?: boolean } | undefined)?.enabled) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pushed.map((doc) => doc.maps).pop()).toEqual(maps);
    socket.close();
  });

  it('an address becomes an encrypted geocoded event, then a marker with the member’s name and page', async () => {
    const set = await call(clients.member, 'put', `/api/v1/members/${ids.member}/address`, { address: 'Hauptstr. 1, 10115 Berlin' });
    expect(set.status).toBe(200);
    await waitForEvent(ids.member, 'MemberLocationGeocoded');
    expect(asked).toContain('Hauptstr. 1, 10115 Berlin');
    const events = await streamEvents(ids.member);
    expect(events.map((e) => e.type)).toEqual(['MemberAddressChanged', 'MemberLocationGeocoded']);
    expect(JSON.stringify(events)).not.toMatch(/Hauptstr|52\.52/);
    const { body } = await markers(clients.guest);
    expect(body.markers).toEqual([{ id: ids.member, name: 'Max Member', path: `/members/${ids.member}`, image: null, lat: 52.52, lng: 13.405 }]);
    const own = (await call(clients.member, 'get', `/api/v1/members/${ids.member}/address`)).body as MemberAddressResponse;
    expect(own).toEqual({ address: 'Hauptstr. 1, 10115 Berlin', located: { lat: 52.52, lng: 13.405 } });
  });

  it('only the member and network administrators set or read an address; bad input appends nothing', async () => {
    const length = (await streamEvents(ids.admin)).length;
    expect((await call(clients.member, 'put', `/api/v1/members/${ids.admin}/address`, { address: 'Berlin' })).status).toBe(403);
    expect((await call(clients.member, 'get', `/api/v1/members/${ids.admin}/address`)).status).toBe(404);
    const tooLong = await call(clients.admin, 'put', `/api/v1/members/${ids.admin}/address`, { address: 'x'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { errors: unknown }).errors).toEqual([expect.objectContaining({ field: 'address', key: 'too_long' })]);
    expect((await streamEvents(ids.admin)).length).toBe(length);
    expect((await call(clients.admin, 'get', `/api/v1/members/${ids.member}/address`)).status).toBe(200);
  });

  it("who may set a member's address is who has the page's can.update_profile, for every role", async () => {
    for (const viewer of ['admin', 'member', 'guest']) {
      for (const subject of ['member', 'guest']) {
        const flag = ((await call(clients[viewer], 'get', `/members/${ids[subject]}`)).body as { can: { update_profile: boolean } }).can.update_profile;
        const read = (await call(clients[viewer], 'get', `/api/v1/members/${ids[subject]}/address`)).status;
        const length = (await streamEvents(ids[subject])).length;
        // each viewer a new address: the same one again would change nothing (204)
        const write = (await call(clients[viewer], 'put', `/api/v1/members/${ids[subject]}/address`, { address: `Nowhere 9, ${viewer}` })).status;
        expect({ viewer, subject, read, write }).toEqual({ viewer, subject, read: flag ? 200 : 404, write: flag ? 200 : 403 });
        if (!flag) expect((await streamEvents(ids[subject])).length).toBe(length);
      }
    }
    // put Max back where the later cases expect him
    await call(clients.member, 'put', `/api/v1/members/${ids.member}/address`, { address: 'Hauptstr. 1, 10115 Berlin' });
    await waitForEvent(ids.member, 'MemberLocationGeocoded', 2);
  });

  it('the same address again appends nothing (204), and neither does removing none', async () => {
    const before = await streamEvents(ids.member);
    const again = await call(clients.member, 'put', `/api/v1/members/${ids.member}/address`, { address: 'Hauptstr. 1, 10115 Berlin' });
    expect([again.status, again.body]).toEqual([204, {}]);
    expect(await streamEvents(ids.member)).toEqual(before);
    const adminLength = (await streamEvents(ids.admin)).length;
    const none = await call(clients.admin, 'put', `/api/v1/members/${ids.admin}/address`, { address: null });
    expect(none.status).toBe(204);
    expect((await streamEvents(ids.admin)).length).toBe(adminLength);
    // another text is a change again
    expect((await call(clients.member, 'put', `/api/v1/members/${ids.member}/address`, { address: 'Hauptstr. 2, 10115 Berlin' })).status).toBe(200);
    await waitForEvent(ids.member, 'MemberLocationGeocoded', 3);
    expect((await streamEvents(ids.member)).length).toBe(before.length + 2);
  });

  it('an unresolvable address stays off the map; removing an address takes the member off', async () => {
    expect((await call(clients.guest, 'put', `/api/v1/members/${ids.guest}/address`, { address: 'Nowhere 0' })).status).toBe(200);
    await waitForEvent(ids.guest, 'MemberLocationCleared');
    expect((await streamEvents(ids.guest)).map((e) => e.data)).toContainEqual(expect.objectContaining({ reason: 'not_found' }));
    expect((await markers(clients.admin)).names).toEqual(['Max Member']);
    await call(clients.guest, 'put', `/api/v1/members/${ids.guest}/address`, { address: 'Alster 2, Hamburg' });
    await waitForEvent(ids.guest, 'MemberLocationGeocoded');
    expect((await markers(clients.admin)).names).toEqual(['Gina Guest', 'Max Member']);
    await call(clients.guest, 'put', `/api/v1/members/${ids.guest}/address`, { address: null });
    expect((await markers(clients.admin)).names).toEqual(['Max Member']);
  });

  it("a hidden group's map shows its members to its members only", async () => {
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0].slug;
    const founded = await call(clients.admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Secret circle', access: 'hidden' } });
    expect(founded.status).toBe(201);
    const { slug } = founded.body as { slug: string };
    await call(clients.admin, 'put', `/api/v1/members/${ids.admin}/address`, { address: 'Platz 3, Berlin' });
    await waitForEvent(ids.admin, 'MemberLocationGeocoded');
    expect((await markers(clients.admin, slug)).names).toEqual(['Ada Admin']);
    const outsider = await markers(clients.member, slug);
    expect(outsider).toMatchObject({ status: 404, names: [] });
    expect(JSON.stringify(outsider.body)).not.toContain('Ada');
    expect((await markers(clients.member, 'no-such-group')).status).toBe(404);
  });

  it("without its own lat/lng the map centres on the network's street address, placed once by the geocoding reactor", async () => {
    const location = { street: 'Rathausmarkt', number: '1', zip: '20095', city: 'Hamburg', country: 'DE', lat: null, lng: null };
    const saved = await call(clients.admin, 'put', '/administration/settings', { member: { show_map: true, network_location: location } });
    expect(saved.status).toBe(200);
    const placed = async () => (await running.infra.eventStore.readStream(networkLocationStream(DEFAULT_NETWORK_ID))).map((event) => event.data as { address: string; coordinates: unknown });
    const hamburg = { network_id: DEFAULT_NETWORK_ID, address: 'Rathausmarkt 1, 20095 Hamburg, DE', coordinates: { lat: 53.55, lng: 9.99 } };
    const deadline = Date.now() + 10_000;
    while ((await placed()).at(-1)?.address !== hamburg.address && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // the first case's Berlin address was placed too (its own lat/lng still won there)
    expect(await placed()).toEqual([{ network_id: DEFAULT_NETWORK_ID, address: 'Unter den Linden 1, 10117 Berlin, DE', coordinates: { lat: 52.52, lng: 13.405 } }, hamburg]);
    expect(asked).toContain('Rathausmarkt 1, 20095 Hamburg, DE');
    position = Math.max(position, await running.infra.eventStore.headPosition());
    const center = async () => ((await call(clients.member, 'get', '/api/v1/network')).body as NetworkResponse).network.maps?.center;
    expect(await center()).toEqual({ lat: 53.55, lng: 9.99 });

    // saving the settings again with the same address asks and appends nothing more; the settings' own lat/lng win
    const askedBefore = asked.length;
    await call(clients.admin, 'put', '/administration/settings', { member: { show_map: true, zoom_level: 10, network_location: location } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.length).toBe(askedBefore);
    expect((await call(clients.admin, 'put', '/administration/settings', { member: { network_location: { ...location, lat: 1.5, lng: 2.5 } } })).status).toBe(200);
    expect(await center()).toEqual({ lat: 1.5, lng: 2.5 });
    expect(await placed()).toHaveLength(2);
  });
});
