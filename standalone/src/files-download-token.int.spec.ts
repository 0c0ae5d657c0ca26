import request from 'supertest';
import { CONSISTENCY_HEADER, groupRootFolderId, maxUploadBytesOf, NETWORK_ROOT_FOLDER_ID, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { createFileDownloadToken } from '@cn/platform';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';

type Token = { token: string; expires_at: string; url: string };

/**
 * A file's download token (`GET /api/storage/files/{id}/token`, docs/FILES.md "Routes"): for a member who may read
 * the file, a short-lived token that opens its download without cookies (an office or media player), for that
 * file alone; forged, expired, another file's or an erased member's token is 401; a file the member may not read
 * gets no token (404).
 */
describe('file download tokens', () => {
  const demo = useDemoServer('files-download-token');
  const { must } = httpCaller(() => demo.server);
  const upload = async (client: SignedInClient, name: string, bytes: Buffer): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const published = async (client: SignedInClient, folderId: string, name: string, bytes: Buffer): Promise<string> => {
    const id = await upload(client, name, bytes);
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  /** read after every write so far (the publish's position) */
  const tokenFor = async (client: SignedInClient, fileId: string) =>
    request(demo.server).get(`/api/storage/files/${fileId}/token`).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(await demo.running.infra.eventStore.headPosition()));
  const granted = async (client: SignedInClient, fileId: string): Promise<Token> => {
    const res = await tokenFor(client, fileId);
    expect(res.status).toBe(200);
    return res.body as Token;
  };
  /** no cookies at all: what a media player sends */
  const cookieless = (url: string) => request(demo.server).get(url).buffer(true).parse(binaryBody);

  it('opens a readable file without cookies for a few minutes, that file alone, and refuses everything else', async () => {
    const { admin, member } = demo.clients;
    const fileId = await published(admin, NETWORK_ROOT_FOLDER_ID, 'Protokoll ä.txt', Buffer.from('network minutes'));
    const otherId = await published(admin, NETWORK_ROOT_FOLDER_ID, 'Other.txt', Buffer.from('other'));
    const answer = (await granted(member, fileId));
    expect(answer.url).toBe(`/api/storage/files/${fileId}/get/${encodeURIComponent('Protokoll ä.txt')}?token=${encodeURIComponent(answer.token)}`);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const opened = await cookieless(answer.url).expect(200);
    expect((opened.body as Buffer).toString()).toBe('network minutes');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    // a range, as a media player asks
    expect((await cookieless(answer.url).set('Range', 'bytes=0-6').expect(206)).body.toString()).toBe('network');

    // another file's download with this token, a forged one, an expired one, none at all
    const token = encodeURIComponent(answer.token);
    expect((await cookieless(`/api/storage/files/${otherId}/get/Other.txt?token=${token}`)).status).toBe(401);
    const [body, signature] = answer.token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as { member_id: string };
    const forged = `${Buffer.from(JSON.stringify({ ...claims, file_id: otherId })).toString('base64url')}.${signature ?? ''}`;
    expect((await cookieless(`/api/storage/files/${otherId}/get/Other.txt?token=${encodeURIComponent(forged)}`)).status).toBe(401);
    const expired = createFileDownloadToken(demo.config.session.secret, { member_id: member.id, file_id: fileId, expires_at: Date.now() - 1 });
    const late = await cookieless(`/api/storage/files/${fileId}/get/x.txt?token=${encodeURIComponent(expired)}`);
    expect(late.status).toBe(401);
    expect(JSON.parse((late.body as Buffer).toString())).toMatchObject({ error: 'invalid_token' });
    expect((await cookieless(`/api/storage/files/${fileId}/get/x.txt?token=garbage`)).status).toBe(401);
    expect((await cookieless(`/api/storage/files/${fileId}/get/x.txt`)).status).toBe(401);
    // a token of another purpose (an archive's) is no download token
    const archive = (await must<{ token: string }>(member, 'post', '/api/v1/file_token', { file_ids: [fileId], folder_ids: [] })).token;
    expect((await cookieless(`/api/storage/files/${fileId}/get/x.txt?token=${encodeURIComponent(archive)}`)).status).toBe(401);
    // nobody gets a token without a session
    expect((await request(demo.server).get(`/api/storage/files/${fileId}/token`)).status).toBe(401);
  });

  it('gives no token for a file the member may not read, and a token reads only what its member may', async () => {
    const { admin, auditor, guest } = demo.clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const group = await must<{ id: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Token group', access: 'hidden' } });
    const fileId = await published(admin, groupRootFolderId(group.id), 'Geheim.txt', Buffer.from('group only'));
    for (const outsider of [auditor, guest]) expect((await tokenFor(outsider, fileId)).status).toBe(404);
    expect((await tokenFor(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // a token an outsider forged for themselves with the right secret still meets the read rule
    const minted = createFileDownloadToken(demo.config.session.secret, { member_id: auditor.id, file_id: fileId, expires_at: Date.now() + 60_000 });
    expect((await cookieless(`/api/storage/files/${fileId}/get/Geheim.txt?token=${encodeURIComponent(minted)}`)).status).toBe(404);
    const own = (await granted(admin, fileId));
    expect((await cookieless(own.url).expect(200)).body.toString()).toBe('group only');
  });

  it('tells what the storage offers (discover): the limit, the network\'s extension filter, the features', async () => {
    const { admin, guest } = demo.clients;
    const discover = () => request(demo.server).get('/api/storage/v2/discover').set('Cookie', guest.cookie).set(CONSISTENCY_HEADER, '0');
    expect((await discover()).body).toEqual({
      max_upload_bytes: maxUploadBytesOf(process.env),
      extension_filter: { enabled: false, type: 'deny', list: [] },
      lock_period_days: expect.any(Number),
      image_sizes: expect.arrayContaining(['preview', 'thumb', 'lightbox']),
      features: { versions: true, locks: true, approval: true, archives: true, profiles: false, download_tokens: true },
      office: { docs: true, wopi: false },
    });
    await must(admin, 'put', '/api/storage/settings', { extension_filter: { enabled: true, type: 'allow', list: ['pdf', 'png'] }, lock_period_days: 4 });
    const after = await request(demo.server).get('/api/storage/v2/discover').set('Cookie', guest.cookie).set(CONSISTENCY_HEADER, String(await demo.running.infra.eventStore.headPosition()));
    expect(after.body).toMatchObject({ extension_filter: { enabled: true, type: 'allow', list: ['pdf', 'png'] }, lock_period_days: 4 });
    expect((await request(demo.server).get('/api/storage/v2/discover')).status).toBe(401);
  });
});
