import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROPERTY_EDITORS, type AppDto, type ItemResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

const ROLES = ['admin', 'author', 'other', 'external'] as const;
type Role = (typeof ROLES)[number];
const EMAILS: Record<Role, string> = { admin: 'admin@example.org', author: 'member@example.org', other: 'auditor@example.org', external: 'guest@example.org' };

/**
 * The `can` flags the consoles receive against the answers the server gives, for every role and every
 * property: network admin, the item's author, another member, an external member; a property each
 * member may change, one for the author (and admins), one for admins only; and the item's move, archive
 * and restore. Each flag is read, then the action is tried: 2xx exactly where the flag says true.
 */
// a busy machine starts the server slowly: the hooks and scenarios get time, the assertions stay the same
jest.setTimeout(60_000);

describe('apps: flags and answers agree, per role and per property', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-apps-abilities-'));
  let running: RunningStandalone;
  let server: Server;
  const clients = {} as Record<Role, SignedInClient>;

  const { call, must } = httpCaller(() => server);

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'apps-abilities-secret-0123456789abcdef01234567', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const role of ROLES) clients[role] = await signInClient(server, EMAILS[role], DEMO_PASSWORD);
    await must(clients.admin, 'post', '/api/v1/apps', { slug: 'board', name: 'Board' });
    await must(clients.admin, 'put', '/api/v1/apps/board/properties/p-column', { name: 'column', label: 'Column', type: 'selection', options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] });
    for (const editors of PROPERTY_EDITORS) await must(clients.admin, 'put', `/api/v1/apps/board/properties/p-${editors}`, { name: `by_${editors}`, label: editors, type: 'text', editable_by: editors });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers each property write, move and archive as the flags said', async () => {
    const mismatches: string[] = [];
    for (const role of ROLES) {
      // a fresh item of the author's for each role, so one role's actions never change another's
      const { id } = await must<{ id: string }>(clients.author, 'post', '/api/v1/apps/board/items', { values: { column: 'a' } });
      const client = clients[role];
      const { item } = await must<ItemResponse>(client, 'get', `/api/v1/apps/board/items/${id}`);
      for (const editors of PROPERTY_EDITORS) {
        const name = `by_${editors}`;
        const res = await call(client, 'put', `/api/v1/apps/board/items/${id}`, { values: { [name]: `${role} was here` } });
        if ((res.status === 200) !== item.can[`update[${name}]`]) mismatches.push(`${role} update[${name}]: flag ${item.can[`update[${name}]`]}, answer ${res.status}`);
      }
      const fresh = (await must<ItemResponse>(client, 'get', `/api/v1/apps/board/items/${id}`)).item;
      const moved = await call(client, 'post', `/api/v1/apps/board/items/${id}/move`, { value: 'b', insert_after_id: null, revision: fresh.revision });
      if ((moved.status === 200) !== fresh.can.move) mismatches.push(`${role} move: flag ${fresh.can.move}, answer ${moved.status}`);
      const archived = await call(client, 'put', `/api/v1/apps/board/items/${id}/archive`);
      if ((archived.status === 200) !== fresh.can.archive) mismatches.push(`${role} archive: flag ${fresh.can.archive}, answer ${archived.status}`);
      const definition = await must<AppDto>(client, 'get', '/api/v1/apps/board');
      const created = await call(client, 'post', '/api/v1/apps/board/items', { values: { by_admins: 'x' } });
      if ((created.status === 201) !== definition.new_item_can['update[by_admins]']) mismatches.push(`${role} create with by_admins: flag ${definition.new_item_can['update[by_admins]']}, answer ${created.status}`);
      const defined = await call(client, 'put', '/api/v1/apps/board/properties/p-extra', { name: 'extra', label: 'Extra', type: 'text' });
      if ((defined.status === 200) !== definition.can.administrate) mismatches.push(`${role} administrate: flag ${definition.can.administrate}, answer ${defined.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('mails a member assigned to or unassigned from an item through the mail port, never the one who did it', async () => {
    await must(clients.admin, 'put', '/api/v1/apps/board/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership' });
    await must(clients.admin, 'put', '/api/v1/apps/board/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    let itemLink = '';
    const mails = () =>
      existsSync(join(dataDir, 'outbox'))
        ? readdirSync(join(dataDir, 'outbox'))
            .filter((name) => name.endsWith('.json'))
            .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')) as { to: string[]; subject: string; text: string })
            .filter((mail) => mail.text.includes(itemLink))
        : [];
    const { id } = await must<{ id: string }>(clients.admin, 'post', '/api/v1/apps/board/items', { values: { by_members: 'Water the plants', owner: clients.author.id } });
    itemLink = `/apps/board/items/${id}`;
    await must(clients.author, 'put', `/api/v1/apps/board/items/${id}`, { values: { owner: [clients.author.id] } });
    await must(clients.admin, 'put', `/api/v1/apps/board/items/${id}`, { values: { owner: [clients.other.id] } });
    // the mails come from a reactor following the log: they arrive shortly after the changes
    for (const until = Date.now() + 5000; mails().length < 3 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 25));
    const sent = mails().map((mail) => [mail.to, mail.subject.includes('Water the plants')]);
    expect(sent).toHaveLength(3);
    expect(sent).toEqual(
      expect.arrayContaining([
        [[EMAILS.author], true],
        [[EMAILS.author], true],
        [[EMAILS.other], true],
      ]),
    );
    expect(mails().filter((mail) => mail.to.includes(EMAILS.admin))).toEqual([]);
  });

  it('gives the roles the abilities the rules name', async () => {
    const { id } = await must<{ id: string }>(clients.author, 'post', '/api/v1/apps/board/items', { values: { column: 'a' } });
    const cans = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, (await must<ItemResponse>(clients[role], 'get', `/api/v1/apps/board/items/${id}`)).item.can] as const)),
    );
    expect(cans.admin).toMatchObject({ 'update[by_members]': true, 'update[by_author]': true, 'update[by_admins]': true, move: true, archive: true });
    expect(cans.author).toMatchObject({ 'update[by_members]': true, 'update[by_author]': true, 'update[by_admins]': false, move: true, archive: true });
    expect(cans.other).toMatchObject({ 'update[by_members]': true, 'update[by_author]': false, 'update[by_admins]': false, move: true, archive: false });
    expect(cans.external).toMatchObject({ update: false, 'update[by_members]': false, move: false, archive: false });
  });
});
