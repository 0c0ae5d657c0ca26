import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { designLogoPath, designStream, type ActiveDesignsResponse, type DesignDto, type UploadedFileAnswer } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * Designs over HTTP, all services in one process: network administrators design the network, a group's
 * administrators their group; one design is active per scope, the member console reads the network's and
 * the group's active design, and every open console hears a change.
 */
jest.setTimeout(60_000);

const design = (name: string, primary = '#aa0000') => ({ name, primary_color: primary, primary_text_color: '#FFFFFF', background_color: '#fafafa', logo_url: '/api/storage/images/logo/get/small' });

describe('designs over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-designs-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'designs-int-secret-0123456789abcdef0123456789ab', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, SignedInClient> = {};
  const { call, must, request: raw } = httpCaller(() => server);
  let first = '';
  let second = '';
  let groupDesign = '';

  beforeAll(async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets network administrators create designs, refusing bad fields (400) and everybody else (403), appending nothing', async () => {
    const { admin, member, auditor } = clients;
    const head = await running.infra.eventStore.headPosition();
    const bad = await call(admin, 'post', '/administration/designs', { name: '', primary_color: 'red', primary_text_color: '#fff', background_color: '#ffffff', logo_url: 'javascript:alert(1)', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', key: 'required' },
        { field: 'primary_color', key: 'invalid_format' },
        { field: 'primary_text_color', key: 'invalid_format' },
        { field: 'logo_url', key: 'invalid_format' },
        { field: 'extra', key: 'unknown_field' },
      ]),
    );
    expect((await call(member, 'post', '/administration/designs', design('Mine'))).status).toBe(403);
    expect((await call(auditor, 'post', '/administration/designs', design('Mine'))).status).toBe(403);
    expect((await call(null, 'post', '/administration/designs', design('Mine'))).status).toBe(401);
    expect(await running.infra.eventStore.headPosition()).toBe(head);

    first = (await must<{ id: string }>(admin, 'post', '/administration/designs', design('Autumn'))).id;
    second = (await must<{ id: string }>(admin, 'post', '/administration/designs', design('Winter', '#0000aa'))).id;
    const events = await running.infra.eventStore.readStream(designStream(first));
    expect(events.map((event) => [event.type, (event.data as { primary_text_color: string }).primary_text_color])).toEqual([['DesignCreated', '#ffffff']]);
    const listed = await call(auditor, 'get', '/administration/designs?sort=["name","ASC"]&range=[0,9]');
    expect((listed.body as DesignDto[]).map((one) => [one.name, one.active])).toEqual([
      ['Autumn', false],
      ['Winter', false],
    ]);
    expect(listed.headers['content-range']).toBe('designs 0-1/2');
  });

  it('keeps one active design per scope and refuses to delete the active one (409)', async () => {
    const { admin, member } = clients;
    await must(admin, 'put', `/administration/designs/${first}/activate`, {});
    await must(admin, 'put', `/administration/designs/${second}/activate`, { active: true });
    const active = await must<ActiveDesignsResponse>(member, 'get', '/api/v1/designs/active');
    expect(active.network?.id).toBe(second);
    expect(((await must<DesignDto>(admin, 'get', `/administration/designs/${first}`))).active).toBe(false);
    const refused = await call(admin, 'delete', `/administration/designs/${second}`);
    expect([refused.status, refused.body.error]).toEqual([409, 'design_active']);
    await must(admin, 'delete', `/administration/designs/${first}`);
    expect((await call(admin, 'get', `/administration/designs/${first}`)).status).toBe(404);
    expect((await call(admin, 'put', `/administration/designs/${first}`, design('Gone'))).status).toBe(404);
    expect((await call(admin, 'put', '/administration/designs/no-such-design/activate', {})).status).toBe(404);
  });

  it("lets a group's administrators design their group, which overrides the network's on its pages", async () => {
    const { admin, member, guest } = clients;
    expect((await call(guest, 'post', '/groups/gardening/administration/designs', design('Green'))).status).toBe(403);
    expect((await call(member, 'post', '/groups/no-such-group/administration/designs', design('Green'))).status).toBe(404);
    groupDesign = (await must<{ id: string }>(member, 'post', '/groups/gardening/administration/designs', design('Green', '#00aa00'))).id;
    // a group's design is not the network's, nor another group's
    expect((await call(admin, 'put', `/administration/designs/${groupDesign}`, design('Hijack'))).status).toBe(404);
    expect((await call(admin, 'put', `/groups/board/administration/designs/${groupDesign}/activate`, {})).status).toBe(404);
    await must(member, 'put', `/groups/gardening/administration/designs/${groupDesign}/activate`, {});
    const onGroupPage = await must<ActiveDesignsResponse>(guest, 'get', '/api/v1/designs/active?group=gardening');
    expect([onGroupPage.network?.id, onGroupPage.group?.primary_color]).toEqual([second, '#00aa00']);
    expect((await call(guest, 'get', '/groups/gardening/administration/designs')).status).toBe(403);
    expect(((await must<DesignDto[]>(member, 'get', '/groups/gardening/administration/designs'))).map((one) => one.name)).toEqual(['Green']);
    // a hidden group's design stays with those who see the group
    expect((await must<ActiveDesignsResponse>(guest, 'get', '/api/v1/designs/active?group=board')).group).toBeNull();
  });

  it("takes an uploaded logo: the designer's own upload becomes readable by every member once a design names it, another's upload is refused", async () => {
    const { admin, member, guest } = clients;
    // a 1x1 PNG
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = async (client: SignedInClient): Promise<string> => {
      const res = await raw(client, 'post', '/api/storage/files').attach('file', png, 'logo.png');
      expect(res.status).toBe(201);
      return (res.body as UploadedFileAnswer).id;
    };
    const adminLogo = await upload(admin);
    const membersUpload = await upload(member);
    // an upload nobody published is nobody's to read, until a design names it
    expect((await call(guest, 'get', designLogoPath(adminLogo))).status).toBe(404);
    const head = await running.infra.eventStore.headPosition();
    const refused = await call(admin, 'post', '/administration/designs', { ...design('Borrowed'), logo_url: designLogoPath(membersUpload) });
    expect([refused.status, refused.body.errors]).toEqual([400, [{ field: 'logo_url', key: 'invalid_format' }]]);
    expect(await running.infra.eventStore.headPosition()).toBe(head);
    expect((await call(guest, 'get', designLogoPath(membersUpload))).status).toBe(404);

    const id = (await must<{ id: string }>(admin, 'post', '/administration/designs', { ...design('Logo'), logo_url: designLogoPath(adminLogo) })).id;
    // downloads do not wait for the read models: read the design first (which does)
    expect((await must<DesignDto>(admin, 'get', `/administration/designs/${id}`)).logo_url).toBe(designLogoPath(adminLogo));
    const shown = await raw(guest, 'get', designLogoPath(adminLogo));
    expect([shown.status, shown.headers['content-type']]).toEqual([200, 'image/png']);
    // an edit that keeps the logo is not checked again; one that takes another's upload is refused
    await must(admin, 'put', `/administration/designs/${id}`, { ...design('Logo renamed'), logo_url: designLogoPath(adminLogo) });
    expect((await call(admin, 'put', `/administration/designs/${id}`, { ...design('Logo'), logo_url: designLogoPath(membersUpload) })).status).toBe(400);
    await must(admin, 'delete', `/administration/designs/${id}`);
    expect((await call(admin, 'get', `/administration/designs/${id}`)).status).toBe(404);
    expect((await call(guest, 'get', designLogoPath(adminLogo))).status).toBe(404);
  });

  it("lets network administrators design a group category, which a group without a design of its own shows", async () => {
    const { admin, member, auditor, guest } = clients;
    const gardening = await must<{ group_category_id: string | null }>(member, 'get', '/api/v1/groups/gardening');
    const categoryId = gardening.group_category_id ?? '';
    expect(categoryId).not.toBe('');
    expect((await call(member, 'post', `/group-categories/${categoryId}/administration/designs`, design('Clubs'))).status).toBe(403);
    expect((await call(admin, 'post', '/group-categories/no-such-category/administration/designs', design('Clubs'))).status).toBe(404);
    const clubs = (await must<{ id: string }>(admin, 'post', `/group-categories/${categoryId}/administration/designs`, design('Clubs', '#aa00aa'))).id;
    await must(admin, 'put', `/group-categories/${categoryId}/administration/designs/${clubs}/activate`, {});
    expect(((await must<DesignDto[]>(auditor, 'get', `/group-categories/${categoryId}/administration/designs`))).map((one) => [one.name, one.active])).toEqual([['Clubs', true]]);
    const withGroup = await must<ActiveDesignsResponse>(guest, 'get', '/api/v1/designs/active?group=gardening');
    expect([withGroup.group_category?.id, withGroup.group?.id]).toEqual([clubs, groupDesign]);
    // the group switches its own off: its category's shows
    await must(member, 'put', `/groups/gardening/administration/designs/${groupDesign}/activate`, { active: false });
    const withoutGroup = await must<ActiveDesignsResponse>(guest, 'get', '/api/v1/designs/active?group=gardening');
    expect([withoutGroup.group_category?.primary_color, withoutGroup.group]).toEqual(['#aa00aa', null]);
    // a category's design is not the network's
    expect((await call(admin, 'delete', `/administration/designs/${clubs}`)).status).toBe(404);
  });

  it('pushes an edit of the active design to open consoles within a second, and the console reads the new colours', async () => {
    const { admin, guest } = clients;
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: guest.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string };
      if (message.type === 'changed') pushed.push(message.collection);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const sent = Date.now();
    await must(admin, 'put', `/administration/designs/${second}`, { ...design('Winter', '#123456'), logo_url: null });
    while (Date.now() - sent < 1000 && !pushed.includes('designs')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(pushed).toContain('designs');
    const active = await must<ActiveDesignsResponse>(guest, 'get', '/api/v1/designs/active');
    expect([active.network?.primary_color, active.network?.logo_url]).toEqual(['#123456', null]);
  });
});
