import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import request from 'supertest';
import { CONSISTENCY_HEADER, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type DocumentAction, type FileDetailsDto, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { createWopiToken, wopiProofBytes, wopiTimestampOf } from '@cn/platform';
import { type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * The WOPI host driven as an office suite drives it: the suite's discovery is served by a small local
 * server (with a proof key this spec generates, so every call is signed as the suite signs it), the
 * console asks for the actions, and the suite calls CheckFileInfo, GetFile, the locks and PutFile with
 * the token it was handed.
 */
jest.setTimeout(90_000);

const OFFICE = 'http://office.test';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
const b64 = (url: string) => Buffer.from(url, 'base64url').toString('base64');
const DISCOVERY = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery>
  <net-zone name="external-http">
    <app name="writer" favIconUrl="${OFFICE}/favicon.ico">
      <action name="view" ext="docx" urlsrc="${OFFICE}/browser/abc/cool.html?&lt;ui=UI_LLCC&amp;&gt;"/>
      <action name="edit" ext="docx" urlsrc="${OFFICE}/browser/abc/cool.html?"/>
    </app>
    <app name="draw">
      <action name="view" ext="pdf" urlsrc="${OFFICE}/browser/abc/cool.html?"/>
    </app>
    <app name="elsewhere">
      <action name="edit" ext="odt" urlsrc="http://not-allowed.test/cool.html?"/>
    </app>
  </net-zone>
  <proof-key value="unused" modulus="${b64(jwk.n)}" exponent="${b64(jwk.e)}" oldvalue="" oldmodulus="" oldexponent=""/>
</wopi-discovery>`;

describe('WOPI host: an office suite opens, locks and saves files', () => {
  // the discovery's port is known only once its server listens: the config names it then (below)
  const demo = useDemoServer('wopi', { WOPI_DISCOVERY_URL: 'http://127.0.0.1:9/hosting/discovery', WOPI_ALLOWED_ORIGINS: OFFICE });
  const clients: Record<string, SignedInClient> = demo.clients;
  let position = 0;
  let discovery: HttpServer;
  let discoveryCalls = 0;

  beforeAll(async () => {
    discovery = createServer((req, res) => {
      discoveryCalls += 1;
      if (req.url !== '/hosting/discovery') res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'text/xml' }).end(DISCOVERY);
    });
    await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
    const wopi = demo.config.wopi;
    if (!wopi) throw new Error('WOPI_DISCOVERY_URL did not configure the host');
    wopi.discoveryUrl = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}/hosting/discovery`;
  });
  afterAll(async () => {
    await new Promise((resolve) => discovery.close(resolve));
  });

  const seen = (res: request.Response) => {
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const call = async (client: SignedInClient, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    return seen(await (body === undefined ? pending : pending.send(body)));
  };
  const publish = async (client: SignedInClient, folderId: string, name: string, bytes = `bytes of ${name}`): Promise<string> => {
    const uploaded = seen(await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(bytes), name));
    const id = (uploaded.body as UploadedFileAnswer).id;
    expect((await call(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] })).status).toBe(200);
    return id;
  };
  const actionsOf = async (client: SignedInClient, fileId: string) => {
    const res = await call(client, 'get', `/files/${fileId}/wopi/actions`);
    return { status: res.status, actions: (res.body as { actions?: DocumentAction[] }).actions ?? [] };
  };
  const actionFor = async (client: SignedInClient, fileId: string, name: DocumentAction['action']): Promise<DocumentAction> => {
    const found = (await actionsOf(client, fileId)).actions.find((entry) => entry.action === name);
    if (!found?.url || !found.access_token) throw new Error(`no authorized ${name} action`);
    return found;
  };

  /** the suite's call: WOPISrc from the action's address, the token in the query, X-WOPI-Proof signed with the suite's key */
  const wopiCall = (action: Pick<DocumentAction, 'url' | 'access_token'>, method: 'get' | 'post', suffix = '', headers: Record<string, string> = {}, options: { token?: string; proof?: 'forged' | 'stale' } = {}) => {
    const wopiSrc = new URL(action.url ?? '').searchParams.get('WOPISrc') ?? '';
    const token = options.token ?? action.access_token ?? '';
    const query = `?access_token=${encodeURIComponent(token)}`;
    const url = `${wopiSrc}${suffix}${query}`;
    const at = options.proof === 'stale' ? new Date(Date.now() - 25 * 60_000) : new Date();
    const timestamp = wopiTimestampOf(at);
    const signed = createSign('RSA-SHA256').update(wopiProofBytes(token, url, timestamp)).sign(privateKey, 'base64');
    const proof = options.proof === 'forged' ? createSign('RSA-SHA256').update('something else').sign(privateKey, 'base64') : signed;
    const pending = request(demo.server)[method](`${new URL(wopiSrc).pathname}${suffix}${query}`).set({ 'X-WOPI-TimeStamp': timestamp, 'X-WOPI-Proof': proof, [CONSISTENCY_HEADER]: String(position), ...headers });
    return pending;
  };
  const lockCall = (action: DocumentAction, override: string, headers: Record<string, string> = {}) => wopiCall(action, 'post', '', { 'X-WOPI-Override': override, ...headers });
  const putFile = (action: DocumentAction, bytes: string, lock?: string) =>
    wopiCall(action, 'post', '/contents', { 'X-WOPI-Override': 'PUT', 'Content-Type': 'application/octet-stream', ...(lock ? { 'X-WOPI-Lock': lock } : {}) }).send(Buffer.from(bytes));
  const details = async (client: SignedInClient, fileId: string) => (await call(client, 'get', `/api/storage/files/${fileId}`)).body as FileDetailsDto;

  let group = { id: '', slug: '' };
  beforeAll(async () => {
    const categories = (await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse;
    group = (await call(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Office documents' } })).body as { id: string; slug: string };
    expect((await call(clients.member, 'post', `/api/v1/groups/${group.slug}/join`)).status).toBeLessThan(300);
  });

  it('answers the suite\'s actions for the extension, each authorized one with its address and token, and only on allowed origins', async () => {
    const fileId = await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'report.docx');
    const own = await actionsOf(clients.member, fileId);
    expect(own.status).toBe(200);
    expect(own.actions.map((entry) => [entry.action, entry.app, entry.authorized])).toEqual([['view', 'writer', true], ['edit', 'writer', true], ['review', 'writer', false]]);
    const edit = own.actions[1];
    expect(edit.url).toMatch(/^http:\/\/office\.test\/browser\/abc\/cool\.html\?WOPISrc=/);
    expect(new URL(edit.url ?? '').searchParams.get('WOPISrc')).toBe(`${demo.config.publicUrl}/wopi/files/${fileId}`);
    // the placeholder is dropped, the token runs out within the configured period
    expect(own.actions[0].url).not.toContain('UI_LLCC');
    expect(edit.access_token_ttl).toBeGreaterThan(Date.now());
    expect(own.actions[2]).toEqual({ action: 'review', app: 'writer', authorized: false });
    // a guest (external) may read the network's files but add no version: view only
    const guest = await actionsOf(clients.guest, fileId);
    expect(guest.actions.map((entry) => [entry.action, entry.authorized, entry.access_token !== undefined])).toEqual([['view', true, true], ['edit', false, false], ['review', false, false]]);
    // an extension the suite does not open, and one only an origin that is not allowed offers: nothing
    expect((await actionsOf(clients.member, await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'plain.txt'))).actions).toEqual([]);
    expect((await actionsOf(clients.member, await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'text.odt'))).actions).toEqual([]);
    const pdf = await actionsOf(clients.member, await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'scan.pdf', '%PDF-1.4 test'));
    expect(pdf.actions.map((entry) => [entry.action, entry.app])).toEqual([['view', 'draw']]);
    // the discovery was read once and kept
    expect(discoveryCalls).toBe(1);
  });

  it('CheckFileInfo and GetFile: what the token\'s member may do now, and the bytes', async () => {
    const fileId = await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'minutes.docx', 'first draft');
    const view = await actionFor(clients.member, fileId, 'view');
    const edit = await actionFor(clients.member, fileId, 'edit');
    const info = await wopiCall(edit, 'get');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ BaseFileName: 'minutes.docx', Size: 11, UserCanWrite: true, ReadOnly: false, SupportsLocks: true, SupportsUpdate: true, SupportsGetLock: true });
    expect(info.body).toHaveProperty('OwnerId');
    expect((info.body as { UserId: string }).UserId).toBe((info.body as { OwnerId: string }).OwnerId);
    expect((info.body as { UserFriendlyName: string }).UserFriendlyName).not.toBe('');
    expect((info.body as { Version: string }).Version).toMatch(/^v1-/);
    // a view token never writes
    expect((await wopiCall(view, 'get')).body).toMatchObject({ UserCanWrite: false, ReadOnly: true });
    const contents = await wopiCall(view, 'get', '/contents').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(contents.status).toBe(200);
    expect((contents.body as Buffer).toString()).toBe('first draft');
    expect((await lockCall(view, 'LOCK', { 'X-WOPI-Lock': 'view-lock' })).status).toBe(401);
  });

  it('locks: Lock, GetLock, RefreshLock, UnlockAndRelock and Unlock map onto the file\'s lock; a mismatch is 409 with the lock the file holds', async () => {
    const fileId = await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'plan.docx', 'plan v1');
    const edit = await actionFor(clients.member, fileId, 'edit');
    expect((await lockCall(edit, 'GET_LOCK')).headers['x-wopi-lock']).toBe('');
    expect((await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    // the file is locked for the members as any lock: by the member who opened it
    const locked = await details(clients.admin, fileId);
    expect(locked.file.lockedById).not.toBeNull();
    expect((await lockCall(edit, 'GET_LOCK')).headers['x-wopi-lock']).toBe('L1');
    // the same lock again refreshes it; another is refused with the current one
    expect((await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    const mismatch = await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L2' });
    expect([mismatch.status, mismatch.headers['x-wopi-lock']]).toEqual([409, 'L1']);
    expect((await lockCall(edit, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'L1' })).status).toBe(200);
    expect((await lockCall(edit, 'REFRESH_LOCK', { 'X-WOPI-Lock': 'L9' })).headers['x-wopi-lock']).toBe('L1');
    // PutFile names the lock
    const wrongSave = await putFile(edit, 'plan v2', 'L2');
    expect([wrongSave.status, wrongSave.headers['x-wopi-lock']]).toEqual([409, 'L1']);
    expect((await putFile(edit, 'plan v2', 'L1')).status).toBe(200);
    const saved = await details(clients.member, fileId);
    expect(saved.versions.map((version) => version.major)).toEqual([2, 1]);
    expect(saved.pending_versions).toEqual([]);
    // UnlockAndRelock replaces only the lock it names
    expect((await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L3', 'X-WOPI-OldLock': 'L2' })).headers['x-wopi-lock']).toBe('L1');
    expect((await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L3', 'X-WOPI-OldLock': 'L1' })).status).toBe(200);
    expect((await lockCall(edit, 'GET_LOCK')).headers['x-wopi-lock']).toBe('L3');
    const wrongUnlock = await lockCall(edit, 'UNLOCK', { 'X-WOPI-Lock': 'L1' });
    expect([wrongUnlock.status, wrongUnlock.headers['x-wopi-lock']]).toEqual([409, 'L3']);
    expect((await lockCall(edit, 'UNLOCK', { 'X-WOPI-Lock': 'L3' })).status).toBe(200);
    expect((await details(clients.member, fileId)).file.lockedById).toBeNull();
    // unlocked and not empty: a save without the lock is refused with an empty X-WOPI-Lock
    const unlockedSave = await putFile(edit, 'plan v3');
    expect([unlockedSave.status, unlockedSave.headers['x-wopi-lock']]).toEqual([409, '']);
    // a lock of another member (taken in the console) is no lock of the suite's
    expect((await call(clients.admin, 'put', `/api/storage/files/${fileId}/lock`, {})).status).toBe(200);
    const byOther = await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'L4' });
    expect([byOther.status, byOther.headers['x-wopi-lock']]).toEqual([409, '']);
    expect((await lockCall(edit, 'DELETE')).status).toBe(501);
    expect((await lockCall(edit, 'LOCK')).status).toBe(400);
  });

  it('refuses a missing, forged, expired or other file\'s token and a call the suite did not sign', async () => {
    const fileId = await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'secret.docx');
    const otherId = await publish(clients.member, NETWORK_ROOT_FOLDER_ID, 'other.docx');
    const edit = await actionFor(clients.member, fileId, 'edit');
    const other = await actionFor(clients.member, otherId, 'edit');
    const memberId = ((await wopiCall(edit, 'get')).body as { UserId: string }).UserId;
    const secret = demo.config.session.secret;
    const expired = createWopiToken(secret, { member_id: memberId, file_id: fileId, mode: 'write', expires_at: Date.now() - 1000 });
    const forged = createWopiToken('not-the-secret-0123456789abcdef0123456789', { member_id: memberId, file_id: fileId, mode: 'write', expires_at: Date.now() + 60_000 });
    for (const token of [expired, forged, `${edit.access_token ?? ''}x`, other.access_token ?? '', '']) {
      const res = await wopiCall(edit, 'get', '', {}, { token });
      expect([res.status, (res.body as { error?: string }).error]).toEqual([401, 'invalid_access_token']);
    }
    expect((await request(demo.server).get(`/wopi/files/${fileId}`)).status).toBe(401);
    for (const proof of ['forged', 'stale'] as const) {
      const res = await wopiCall(edit, 'get', '', {}, { proof });
      expect([res.status, (res.body as { error?: string }).error]).toEqual([401, 'invalid_proof']);
      expect((await lockCall({ ...edit }, 'GET_LOCK').set('X-WOPI-Proof', 'AAAA')).status).toBe(401);
    }
    // nothing was written by the refused calls
    expect((await details(clients.member, fileId)).file.lockedById).toBeNull();
  });

  it('a member without access, and one who left the group, is refused whatever token they hold', async () => {
    const fileId = await publish(clients.admin, groupRootFolderId(group.id), 'group-plan.docx');
    // the guest is in no group: no actions, and a token for them opens nothing
    expect((await actionsOf(clients.guest, fileId)).status).toBe(404);
    const guestToken = createWopiToken(demo.config.session.secret, { member_id: clients.guest.id, file_id: fileId, mode: 'write', expires_at: Date.now() + 60_000 });
    const edit = await actionFor(clients.admin, fileId, 'edit');
    expect((await wopiCall(edit, 'get', '', {}, { token: guestToken })).status).toBe(404);
    expect((await putFile({ ...edit, access_token: guestToken }, 'not theirs')).status).toBe(404);

    // the member opens the file in the suite, then leaves the group: the token stops with the membership
    const memberReview = await actionFor(clients.member, fileId, 'review');
    expect((await wopiCall(memberReview, 'get')).status).toBe(200);
    expect((await call(clients.member, 'delete', `/api/v1/groups/${group.slug}/join`)).status).toBe(200);
    expect((await wopiCall(memberReview, 'get')).status).toBe(404);
    expect((await wopiCall(memberReview, 'get', '/contents')).status).toBe(404);
    expect((await lockCall(memberReview, 'LOCK', { 'X-WOPI-Lock': 'gone' })).status).toBe(404);
    expect((await putFile(memberReview, 'after leaving', 'gone')).status).toBe(404);
    expect((await call(clients.member, 'post', `/api/v1/groups/${group.slug}/join`)).status).toBeLessThan(300);
  });

  it('PutFile by a member who may not change the file proposes a version for the group admin\'s approval', async () => {
    const fileId = await publish(clients.admin, groupRootFolderId(group.id), 'charter.docx', 'charter v1');
    const actions = (await actionsOf(clients.member, fileId)).actions;
    // edit hides review: the member reviews
    expect(actions.map((entry) => [entry.action, entry.authorized])).toEqual([['view', true], ['edit', false], ['review', true]]);
    const review = await actionFor(clients.member, fileId, 'review');
    expect((await wopiCall(review, 'get')).body).toMatchObject({ UserCanWrite: true });
    expect((await lockCall(review, 'LOCK', { 'X-WOPI-Lock': 'R1' })).status).toBe(200);
    expect((await putFile(review, 'charter v2 proposed', 'R1')).status).toBe(200);
    expect((await lockCall(review, 'UNLOCK', { 'X-WOPI-Lock': 'R1' })).status).toBe(200);
    const asAdmin = await details(clients.admin, fileId);
    expect(asAdmin.versions.map((version) => version.major)).toEqual([1]);
    expect(asAdmin.pending_versions).toHaveLength(1);
    // the current version the suite reads is still the approved one
    const edit = await actionFor(clients.admin, fileId, 'edit');
    expect((await wopiCall(edit, 'get')).body).toMatchObject({ Size: 10 });
    expect((await call(clients.admin, 'post', `/api/storage/files/${fileId}/pending_versions/${asAdmin.pending_versions[0].id}/approve`)).status).toBe(200);
    expect((await wopiCall(edit, 'get')).body).toMatchObject({ Size: 'charter v2 proposed'.length, Version: expect.stringMatching(/^v2-/) as unknown });
  });

  it('refuses the token of a member an administrator locked, on both sides', async () => {
    const fileId = await publish(clients.auditor, NETWORK_ROOT_FOLDER_ID, 'audit.docx');
    const edit = await actionFor(clients.auditor, fileId, 'edit');
    expect((await wopiCall(edit, 'get')).status).toBe(200);
    expect((await call(clients.admin, 'put', `/administration/members/${clients.auditor.id}/lock`, { locked: true })).status).toBe(200);
    expect((await wopiCall(edit, 'get')).status).toBe(401);
    expect((await lockCall(edit, 'LOCK', { 'X-WOPI-Lock': 'A1' })).status).toBe(401);
    expect((await putFile(edit, 'while locked', 'A1')).status).toBe(401);
    expect((await details(clients.admin, fileId)).versions).toHaveLength(1);
  });
});
