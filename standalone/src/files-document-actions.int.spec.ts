import { jest } from '@jest/globals';
import request from 'supertest';
import { CONSISTENCY_HEADER, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type DocumentAction, type FileDetailsDto, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const ROLES = ['admin', 'member', 'auditor', 'guest'] as const;

/**
 * Document actions (GET /files/{id}/{type}/actions) are answers too: for every role, in the network's files
 * and a group's, free and locked by another member, `edit` is authorized exactly when a new version is
 * published at once, `review` exactly when it is proposed for approval, and neither when the version
 * route refuses; `view` exactly when the file opens. A non-member of the group gets 404.
 */
jest.setTimeout(90_000);

describe('document actions: authorized is what the routes do', () => {
  const demo = useDemoServer('document-actions');
  let position = 0;
  const clients: Record<string, Client> = demo.clients;

  const call = async (client: Client, method: Method, path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const upload = async (client: Client, name: string, path = '/api/storage/files') => {
    const res = await request(demo.server).post(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name}`), name);
    const answered = (res.body as { position?: unknown }).position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const publishedBy = async (client: Client, folderId: string, name: string): Promise<string> => {
    const id = ((await upload(client, name)).body as UploadedFileAnswer).id;
    expect((await call(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] })).status).toBe(200);
    return id;
  };
  const authorized = (actions: DocumentAction[]) => Object.fromEntries(actions.map((entry) => [entry.action, entry.authorized]));

  let groupRoot = '';
  beforeAll(async () => {
    const categories = (await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse;
    const group = (await call(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Document actions' } })).body as { id: string; slug: string };
    for (const role of ['member', 'auditor'] as const) expect((await call(clients[role], 'post', `/api/v1/groups/${group.slug}/join`)).status).toBeLessThan(300);
    groupRoot = groupRootFolderId(group.id);
  });

  it('answers only wopi or docs, and no wopi action (no office suite is connected)', async () => {
    const fileId = await publishedBy(clients.member, NETWORK_ROOT_FOLDER_ID, 'types.txt');
    const refused = await call(clients.member, 'get', `/files/${fileId}/office/actions`);
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: unknown[] }).errors).toEqual([{ field: 'type', key: 'invalid_value' }]);
    expect((await call(clients.member, 'get', `/files/${fileId}/wopi/actions`)).body).toEqual({ actions: [] });
    expect((await call(clients.member, 'get', '/files/unknown/docs/actions')).status).toBe(404);
  });

  for (const scope of ['network', 'group'] as const) {
    for (const locked of [false, true]) {
      for (const role of ROLES) {
        it(`${scope} file${locked ? ' locked by its author' : ''} as ${role}`, async () => {
          const root = scope === 'network' ? NETWORK_ROOT_FOLDER_ID : groupRoot;
          const client = clients[role];
          const fileId = await publishedBy(clients.member, root, `${scope}-${role}-${String(locked)}.txt`);
          if (locked) expect((await call(clients.member, 'put', `/api/storage/files/${fileId}/lock`, {})).status).toBe(200);
          const answer = await call(client, 'get', `/files/${fileId}/docs/actions`);
          const details = await call(client, 'get', `/api/storage/files/${fileId}`);
          if (scope === 'group' && role === 'guest') {
            expect([answer.status, details.status]).toEqual([404, 404]);
            return;
          }
          expect(answer.status).toBe(200);
          const actions = (answer.body as { actions: DocumentAction[] }).actions;
          expect(actions.map((entry) => [entry.action, entry.app])).toEqual([['view', 'files'], ['edit', 'files'], ['review', 'files']]);
          const can = authorized(actions);
          expect(can['view']).toBe(details.status === 200);
          // edit hides review (§6): never both
          expect(can['edit'] && can['review']).toBe(false);

          const before = details.body as FileDetailsDto;
          const version = await upload(client, `${role}.txt`, `/api/storage/files/${fileId}/versions`);
          const after = (await call(client, 'get', `/api/storage/files/${fileId}`)).body as FileDetailsDto;
          const publishedAtOnce = version.status < 300 && after.versions.length === before.versions.length + 1;
          const proposed = version.status < 300 && after.pending_versions.length === before.pending_versions.length + 1;
          expect({ edit: can['edit'], review: can['review'] }).toEqual({ edit: publishedAtOnce, review: proposed });
          // a lock of someone else leaves view only
          if (locked && role !== 'member' && role !== 'admin') expect([can['edit'], can['review']]).toEqual([false, false]);
        });
      }
    }
  }
});
