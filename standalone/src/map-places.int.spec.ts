import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CONSISTENCY_HEADER,
  DEFAULT_NETWORK_ID,
  MAP_MEMBERS_COLLECTION,
  MAP_PLACES_COLLECTION,
  mapPlaceLocationStream,
  mapPlaceStream,
  networkLocationStream,
  type MapMembersResponse,
  type MapPlaceAdminDto,
  type MapPlacesResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { eventually } from '@cn/platform/testing';
import { DEMO_PASSWORD } from '@cn/command-service';
import { PROJECTION_RUNTIME, type ProjectionServiceRuntime } from '@cn/projection-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * Points of interest (map scope `poi`, docs/MAP.md) on one process against a local Nominatim stub: what
 * administrators put on the map (by address, geocoded once per text, or by lat/lng), 400 with field keys
 * and 409 on a stale revision with nothing appended, who may (can.* flags against answers), the scope
 * `poi` hiding every member marker, and the pushes an open map and an open console hear.
 */
describe('map points of interest', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'map10-places-'));
  const asked: string[] = [];
  const geocoder = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://stub').searchParams.get('q') ?? '';
    asked.push(q);
    res.setHeader('content-type', 'application/json');
    if (q.includes('Berlin')) res.end(JSON.stringify([{ lat: '52.52', lon: '13.405' }]));
    else if (q.includes('Hamburg')) res.end(JSON.stringify([{ lat: '53.55', lon: '9.99' }]));
    else res.end('[]');
  });
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, SignedInClient> = {};
  const ids: Record<string, string> = {};
  type Method = 'get' | 'put' | 'post' | 'delete';

  const call = async (client: SignedInClient, method: Method, path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const head = () => running.infra.eventStore.headPosition();
  /** the reactor answers after the command: wait for the place's location stream, then read at its position */
  const waitForGeocoded = async (placeId: string, count: number): Promise<void> => {
    await eventually(async () => (await running.infra.eventStore.readStream(mapPlaceLocationStream(placeId))).length >= count, 10_000, 50);
    position = Math.max(position, await head());
  };
  const places = async (client: SignedInClient) => {
    const res = await call(client, 'get', '/api/v1/map/places');
    return { status: res.status, places: res.status === 200 ? (res.body as MapPlacesResponse).places : [] };
  };
  const openSocket = async (client: SignedInClient) => {
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: client.cookie } });
    const messages: Array<{ type: string; collection: string; id: string; doc?: Record<string, unknown> }> = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as (typeof messages)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return { socket, messages };
  };
  const berlinPlace = { name: 'Stadtbibliothek', description: 'Books\nand coffee', address: 'Breite Str. 30, Berlin', link: 'https://library.example/' };

  beforeAll(async () => {
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'map-places-secret-0123456789abcdef0123456789',
      PORT: '0',
      PASSWORD_SCRYPT_N: '1024',
      LOG_LEVEL: 'error',
      GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
      MAP_TILE_URL: 'http://tiles.invalid/{theme}/{z}/{x}/{y}.png',
    });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest']) {
      clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
      ids[name] = ((await call(clients[name], 'get', '/api/v1/network')).body as NetworkResponse).current_member?.id ?? '';
    }
    const location = { street: 'Unter den Linden', number: '1', zip: '10117', city: 'Berlin', country: 'DE', lat: 52.517, lng: 13.389 };
    expect((await call(clients.admin, 'put', '/administration/settings', { member: { show_map: true, network_location: location } })).status).toBe(200);
    // the reactor places the network's street address too: let it land before counting appended events
    await eventually(async () => (await running.infra.eventStore.readStream(networkLocationStream(DEFAULT_NETWORK_ID))).length === 1, 10_000, 50);
  });
  afterAll(async () => {
    await running.stop();
    await new Promise((resolve) => geocoder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad place with each field and its key, appending nothing', async () => {
    const before = await head();
    const bad = await call(clients.admin, 'post', '/administration/map_places', { name: '', description: 'd'.repeat(501), link: 'javascript:alert(1)', lat: 91 });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Array<{ field: string; key: string }> }).errors.map((e) => `${e.field}:${e.key}`).sort()).toEqual([
      'description:too_long',
      'lat:too_big',
      'link:invalid_format',
      'lng:required',
      'name:required',
    ]);
    const placeless = await call(clients.admin, 'post', '/administration/map_places', { name: 'Nowhere' });
    expect((placeless.body as { errors: Array<{ field: string; key: string }> }).errors).toEqual([expect.objectContaining({ field: 'address', key: 'required' })]);
    expect(await head()).toBe(before);
  });

  it('places a point of interest by its address once, shows it with the network’s own location, and 409s a stale edit', async () => {
    const created = await call(clients.admin, 'post', '/administration/map_places', berlinPlace);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect((await running.infra.eventStore.readStream(mapPlaceStream(id))).map((e) => e.type)).toEqual(['MapPlaceCreated']);
    await waitForGeocoded(id, 1);
    expect((await running.infra.eventStore.readStream(mapPlaceLocationStream(id))).map((e) => e.data)).toEqual([
      { place_id: id, address: 'Breite Str. 30, Berlin', coordinates: { lat: 52.52, lng: 13.405 } },
    ]);
    const seen = await places(clients.member);
    expect(seen.status).toBe(200);
    expect(seen.places).toEqual([
      { id: 'network', kind: 'network', name: expect.any(String) as string, description: 'Unter den Linden 1, 10117 Berlin, DE', link: null, lat: 52.517, lng: 13.389 },
      { id, kind: 'place', name: 'Stadtbibliothek', description: 'Books\nand coffee', link: 'https://library.example/', lat: 52.52, lng: 13.405 },
    ]);

    const read = (await call(clients.admin, 'get', `/administration/map_places/${id}`)).body as MapPlaceAdminDto;
    expect(read).toMatchObject({ address: 'Breite Str. 30, Berlin', lat: null, lng: null, located: { lat: 52.52, lng: 13.405 } });
    // the geocoder's answer did not move the revision the form was read at
    const askedBefore = asked.length;
    const renamed = await call(clients.admin, 'put', `/administration/map_places/${id}`, { ...berlinPlace, name: 'Bibliothek', revision: read.revision });
    expect(renamed.status).toBe(200);
    const before = await head();
    const stale = await call(clients.admin, 'put', `/administration/map_places/${id}`, { ...berlinPlace, name: 'Too late', revision: read.revision });
    expect(stale.status).toBe(409);
    expect(await head()).toBe(before);
    // a rename kept the address: the geocoder is not asked again, the place stays where it was
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.length).toBe(askedBefore);
    expect((await places(clients.member)).places.find((p) => p.id === id)).toMatchObject({ name: 'Bibliothek', lat: 52.52 });

    // its own lat/lng win over the address; removing takes it off, a second removal is 404
    const now = (await call(clients.admin, 'get', `/administration/map_places/${id}`)).body as MapPlaceAdminDto;
    expect((await call(clients.admin, 'put', `/administration/map_places/${id}`, { ...berlinPlace, lat: 1.5, lng: 2.5, revision: now.revision })).status).toBe(200);
    expect((await places(clients.guest)).places.find((p) => p.id === id)).toMatchObject({ lat: 1.5, lng: 2.5 });
    expect((await call(clients.admin, 'delete', `/administration/map_places/${id}`)).status).toBe(200);
    expect((await places(clients.member)).places.map((p) => p.id)).toEqual(['network']);
    expect((await call(clients.admin, 'delete', `/administration/map_places/${id}`)).status).toBe(404);
    expect((await call(clients.admin, 'get', `/administration/map_places/${id}`)).status).toBe(404);
  });

  it('can.administrate equals what the place routes answer, for admin, member and external member', async () => {
    for (const name of ['admin', 'member', 'guest']) {
      const can = ((await call(clients[name], 'get', '/api/v1/network')).body as NetworkResponse).can;
      const before = await head();
      const created = await call(clients[name], 'post', '/administration/map_places', { name: `By ${name}`, lat: 10, lng: 10 });
      expect({ name, status: created.status }).toEqual({ name, status: can.administrate ? 201 : 403 });
      if (!can.administrate) expect(await head()).toBe(before);
      const listed = await call(clients[name], 'get', '/administration/map_places');
      expect({ name, status: listed.status }).toEqual({ name, status: can.administrate || can.audit ? 200 : 403 });
      // every member who sees the map sees its points of interest
      expect({ name, status: (await places(clients[name])).status }).toEqual({ name, status: 200 });
    }
    const placeId = (((await call(clients.admin, 'get', '/administration/map_places')).body as MapPlaceAdminDto[]).find((p) => p.name === 'By admin') ?? { id: '' }).id;
    for (const name of ['member', 'guest']) {
      expect((await call(clients[name], 'put', `/administration/map_places/${placeId}`, { name: 'Mine', lat: 1, lng: 1, revision: 0 })).status).toBe(403);
      expect((await call(clients[name], 'delete', `/administration/map_places/${placeId}`)).status).toBe(403);
    }
  });

  it('reaches an open map over the realtime channel, and scope poi hides every member marker (pushed to open consoles)', async () => {
    // a member with a placed address is on the map while the scope is all
    expect((await call(clients.member, 'put', `/api/v1/members/${ids.member}/address`, { address: 'Hamburg Rathausmarkt 1' })).status).toBe(200);
    await eventually(async () => {
      position = Math.max(position, await head());
      return ((await call(clients.guest, 'get', '/api/v1/map/members')).body as MapMembersResponse).markers.length === 1;
    }, 10_000, 50);

    const { socket, messages } = await openSocket(clients.guest);
    socket.send(JSON.stringify({ type: 'watch', topics: [MAP_MEMBERS_COLLECTION] }));
    const runtime = running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
    await eventually(() => runtime.hub.watching(MAP_MEMBERS_COLLECTION).includes(ids.guest), 5000, 10);
    const created = await call(clients.admin, 'post', '/administration/map_places', { name: 'Hafen', address: 'Hamburg Hafen' });
    const id = (created.body as { id: string }).id;
    await eventually(() => messages.some((m) => m.collection === MAP_PLACES_COLLECTION && m.id === id), 1000, 10);
    // the push says which place and where the log is, nothing of the place itself
    expect(messages.find((m) => m.collection === MAP_PLACES_COLLECTION && m.id === id)?.doc).toEqual({ position: expect.any(Number) as number });

    const saved = await call(clients.admin, 'put', '/administration/settings', { member: { map_scope_selection: 'poi' } });
    expect(saved.status).toBe(200);
    await eventually(() => messages.some((m) => m.collection === 'network' && (m.doc?.maps as { scope?: string } | undefined)?.scope === 'poi'), 1000, 10);
    const maps = ((await call(clients.guest, 'get', '/api/v1/network')).body as NetworkResponse).network.maps;
    expect(maps).toMatchObject({ enabled: true, scope: 'poi' });
    expect(messages.filter((m) => m.collection === 'network').pop()?.doc?.maps).toEqual(maps);
    const members = await call(clients.guest, 'get', '/api/v1/map/members');
    expect(members.status).toBe(200);
    expect((members.body as MapMembersResponse).markers).toEqual([]);
    expect((await call(clients.guest, 'get', '/api/v1/map/members?group=no-such-group')).status).toBe(404);
    await waitForGeocoded(id, 1);
    expect((await places(clients.guest)).places.map((p) => p.name)).toContain('Hafen');

    // switching the map off reaches the open console too, and the places answer 404 like the members'
    await call(clients.admin, 'put', '/administration/settings', { member: { show_map: false } });
    await eventually(() => messages.some((m) => m.collection === 'network' && (m.doc?.maps as { enabled?: boolean } | undefined)?.enabled === false), 1000, 10);
    expect((await places(clients.guest)).status).toBe(404);
    socket.close();
  });
});
