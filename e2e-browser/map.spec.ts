// The map tab in the browser, on a server of its own started with MAP_TILE_URL pointed at a local tile
// stub and GEOCODER_URL at a local Nominatim stub (all on free ports, nothing leaves the machine). Ada
// switches the map on; Max opens the map from the directory's toggle, gives his address, sees tiles and
// his marker arrive without a reload, and the marker leads to his page. Then an administrator's point of
// interest and the scope poi reach his open map without a reload. The demo network speaks German.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshotPath, signInMember, test } from './fixtures';
import { REPOSITORY_ROOT } from './paths';

/** a 1×1 PNG, the tile for every /{theme}/{z}/{x}/{y}.png */
const TILE = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');

const listen = (server: Server): Promise<number> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const freePort = async (): Promise<number> => {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

test.describe('map', () => {
  const tilePaths: string[] = [];
  const tiles = createServer((req, res) => {
    tilePaths.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(TILE);
  });
  const geocoder = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://stub').searchParams.get('q') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(q.includes('Berlin') ? JSON.stringify([{ lat: '52.52', lon: '13.405' }]) : '[]');
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-browser-map-'));
  let child: ChildProcess | null = null;
  let baseUrl = '';

  test.beforeAll(async () => {
    const [tilePort, geocoderPort, port] = [await listen(tiles), await listen(geocoder), await freePort()];
    child = spawn(process.execPath, [join(REPOSITORY_ROOT, 'standalone/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_SEED: 'true',
        PASSWORD_SCRYPT_N: '1024',
        LOG_LEVEL: 'warn',
        MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{theme}/{z}/{x}/{y}.png`,
        GEOCODER_URL: `http://127.0.0.1:${geocoderPort}`,
      },
      stdio: 'ignore',
    });
    baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/health/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the map server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([new Promise((resolve) => tiles.close(resolve)), new Promise((resolve) => geocoder.close(resolve))]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the map shows tiles and a geocoded member, whose marker leads to their page', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInMember(admin, baseUrl, 'admin@example.org');
    const csrf = ((await (await admin.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;
    const saved = await admin.request.put(`${baseUrl}/administration/settings`, {
      headers: { 'X-CSRF-Token': csrf },
      data: { member: { show_map: true, zoom_level: 10, map_theme: 'outdoors', network_location: { street: 'Unter den Linden', number: '1', zip: '10117', city: 'Berlin', country: 'DE', lat: 52.517, lng: 13.389 } } },
    });
    expect(saved.status()).toBe(200);
    await adminContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInMember(page, baseUrl, 'member@example.org');
    await page.goto(`${baseUrl}/directory/members`);
    await page.locator('[data-testid="map-toggle-map"]').click({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/members\/map$/);
    await expect(page.locator('[data-testid="members-map"]')).toBeVisible({ timeout: 15_000 });
    // the tiles come from the configured URL with the network's theme, and load as images
    await expect.poll(() => page.locator('img.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(tilePaths.some((path) => /^\/outdoors\/10\/\d+\/\d+\.png$/.test(path))).toBe(true);
    await expect(page.locator('[data-testid="map-address-status"]')).toContainText('nicht auf der Karte');

    const savedAt = Date.now();
    await page.locator('[data-testid="map-address-input"]').fill('Hauptstr. 1, 10115 Berlin');
    await page.locator('[data-testid="map-address-save"]').click();
    // placed by the server's geocoder, pushed to the open map: no reload
    const marker = page.locator('[data-testid="map-marker"]').filter({ hasText: 'Max Member' });
    await expect(marker).toBeVisible({ timeout: 15_000 });
    test.info().annotations.push({ type: 'marker-visible-ms', description: String(Date.now() - savedAt) });
    await expect(page.locator('[data-testid="map-address-status"]')).toContainText('Du bist auf der Karte');
    await page.screenshot({ path: screenshotPath('map.png') });

    const memberId = await marker.getAttribute('data-member-id');
    await marker.click();
    await expect(page).toHaveURL(new RegExp(`/members/${memberId}$`));
    await context.close();
  });

  // (runs after the first: the map is on, Max is placed)
  test('points of interest and the scope poi reach an open map without a reload', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInMember(admin, baseUrl, 'admin@example.org');
    const csrf = ((await (await admin.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInMember(page, baseUrl, 'member@example.org');
    await page.goto(`${baseUrl}/members/map`);
    await expect(page.locator('[data-testid="map-marker"]').filter({ hasText: 'Max Member' })).toBeVisible({ timeout: 15_000 });
    // the network's own location is a point of interest of its own
    await expect(page.locator('[data-testid="map-place"][data-place-id="network"]')).toBeVisible();

    const createdAt = Date.now();
    const created = await admin.request.post(`${baseUrl}/administration/map_places`, {
      headers: { 'X-CSRF-Token': csrf },
      data: { name: 'Stadtbibliothek', description: 'Bücher und Kaffee', lat: 52.45, lng: 13.3, link: 'https://bibliothek.example/' },
    });
    expect(created.status()).toBe(201);
    const placeId = ((await created.json()) as { id: string }).id;
    const pin = page.locator(`[data-testid="map-place"][data-place-id="${placeId}"]`);
    await expect(pin).toBeVisible({ timeout: 15_000 });
    test.info().annotations.push({ type: 'place-visible-ms', description: String(Date.now() - createdAt) });
    await pin.click();
    const popup = page.locator('[data-testid="map-place-popup"]');
    await expect(popup).toContainText('Stadtbibliothek');
    await expect(popup).toContainText('Bücher und Kaffee');
    await expect(popup.locator('[data-testid="map-place-link"]')).toHaveAttribute('href', 'https://bibliothek.example/');
    await page.screenshot({ path: screenshotPath('map-places.png') });

    // scope poi: the members leave the open map, their address form and the toggle go, the places stay
    const scoped = await admin.request.put(`${baseUrl}/administration/settings`, { headers: { 'X-CSRF-Token': csrf }, data: { member: { map_scope_selection: 'poi' } } });
    expect(scoped.status()).toBe(200);
    await expect(page.locator('[data-testid="map-page"][data-scope="poi"]')).toBeVisible({ timeout: 5_000 });
    await expect(page.locator('[data-testid="map-marker"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="map-address"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="map-toggle"]')).toHaveCount(0);
    await expect(page.locator(`[data-testid="map-place"][data-place-id="${placeId}"]`)).toBeVisible();

    // the map switched off: the open page and the navigation item follow
    await expect(page.locator('a[href="/members/map"]').first()).toBeAttached();
    const off = await admin.request.put(`${baseUrl}/administration/settings`, { headers: { 'X-CSRF-Token': csrf }, data: { member: { show_map: false } } });
    expect(off.status()).toBe(200);
    await expect(page.locator('[data-testid="map-off"]')).toBeVisible({ timeout: 5_000 });
    await expect(page.locator('a[href="/members/map"]')).toHaveCount(0);
    await adminContext.close();
    await context.close();
  });
});
