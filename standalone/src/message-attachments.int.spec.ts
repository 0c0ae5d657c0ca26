import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  groupRootFolderId,
  fileStream,
  messageStream,
  NETWORK_ROOT_FOLDER_ID,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type MessageDetailDto,
  type MessageSentAccepted,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { binaryBody, signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const PASSWORD = 'a good passphrase for tests';

/**
 * Direct messages carrying files, all services in one process: the author's uploads and files they may
 * read go with the message pinned to their version; those who hold the message (and only they) download
 * them through it; deleting one's copy ends one's own access only; a forward carries them on; erasing the
 * author leaves their private uploads unreadable (sealed with their key) and the files of a folder
 * readable (the scope's). The flags of the message detail are the
 * download route's answers, for every role.
 */
jest.setTimeout(60_000);

describe('message attachments over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-message-attachments-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, Client> = {};
  let groupRoot = '';

  const call = async (client: Client, method: Method, path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: Method, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const upload = async (client: Client, name: string, bytes: Buffer): Promise<string> => {
    const res = await request(server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    expect(res.status).toBe(201);
    const answered = (res.body as { position?: unknown }).position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: Client, url: string) => request(server).get(url).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position)).buffer(true).parse(binaryBody);
  const send = (from: Client, body: object) => must<MessageSentAccepted>(from, 'post', '/api/v1/messages', body);
  const detail = (client: Client, id: string) => must<MessageDetailDto>(client, 'get', `/api/v1/messages/${id}`);
  const head = () => running.infra.eventStore.headPosition();

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'attachments-int-secret-0123456789abcdef012345', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    const group = await must<{ id: string; slug: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Attachments group' } });
    groupRoot = groupRootFolderId(group.id);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends an upload and a file of a group the recipient is not in; the recipient downloads exactly the bytes attached, nobody else', async () => {
    const { admin, member, auditor } = clients;
    const upload1 = await upload(admin, 'Agenda.txt', Buffer.from('Agenda: files in messages\n'));
    const grouped = await upload(admin, 'Minutes.txt', Buffer.from('Minutes of the group, version 1\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: grouped }], folder_ids: [groupRoot] });
    const { id } = await send(admin, { to: [member.id], subject: 'Papers', content: 'Two files', attachments: [upload1, { id: grouped }] });

    // the event records the files pinned to their versions; the audit log does not show their names
    const [sent] = await running.infra.eventStore.readStream(messageStream(id));
    expect(sent?.data).toMatchObject({ attachments: [expect.objectContaining({ file_id: upload1, name: 'Agenda.txt' }), expect.objectContaining({ file_id: grouped, name: 'Minutes.txt' })] });
    const audit = await must<{ events: Array<{ data: Record<string, unknown> }> }>(admin, 'get', `/api/v1/audit/events?stream=${messageStream(id)}`);
    expect(JSON.stringify(audit)).not.toContain('Agenda.txt');

    const received = await detail(member, id);
    expect(received.has_attachments).toBe(true);
    expect(received.attachments).toEqual([
      { id: upload1, original_filename: 'Agenda.txt', extension: 'txt', content_type: 'text/plain', size: 26, url: `/api/v1/messages/${id}/files/${upload1}`, thumbnail_url: null, can: { download: true } },
      expect.objectContaining({ id: grouped, original_filename: 'Minutes.txt', can: { download: true } }),
    ]);
    const list = await must<{ messages: Array<{ id: string; has_attachments: boolean }> }>(member, 'get', '/api/v1/messages');
    expect(list.messages.find((message) => message.id === id)?.has_attachments).toBe(true);
    const bytes = await download(member, received.attachments[0]?.url ?? '');
    expect(bytes.status).toBe(200);
    expect((bytes.body as Buffer).toString()).toBe('Agenda: files in messages\n');
    expect(bytes.headers['content-disposition']).toContain('attachment; filename="Agenda.txt"');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    // through the message only: the group's own route stays closed to the non-member
    expect((await download(member, received.attachments[1]?.url ?? '')).status).toBe(200);
    expect((await call(member, 'get', `/api/storage/files/${grouped}`)).status).toBe(404);

    // a new version of the file does not change what the message carries
    const v2 = await request(server).post(`/api/storage/files/${grouped}/versions`).set('Cookie', admin.cookie).set('X-CSRF-Token', admin.csrf).attach('file', Buffer.from('Minutes, version 2\n'), 'Minutes.txt');
    expect(v2.status).toBeLessThan(300);
    position = Math.max(position, (v2.body as { position: number }).position);
    expect(((await download(member, received.attachments[1]?.url ?? '')).body as Buffer).toString()).toBe('Minutes of the group, version 1\n');

    // a member who does not hold the message: 404, the same as for a file it does not carry
    expect((await download(auditor, `/api/v1/messages/${id}/files/${upload1}`)).status).toBe(404);
    expect((await download(member, `/api/v1/messages/${id}/files/not-attached`)).status).toBe(404);
  });

  it('refuses a file the author may not read or that does not exist, naming the item, and appends nothing', async () => {
    const { admin, member, auditor } = clients;
    const secret = await upload(admin, 'Secret.txt', Buffer.from('group only\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: secret }], folder_ids: [groupRoot] });
    const othersUpload = await upload(admin, 'Draft.txt', Buffer.from('not published\n'));
    const own = await upload(auditor, 'Mine.txt', Buffer.from('mine\n'));
    const before = await head();
    for (const attachments of [[own, secret], [own, othersUpload], [own, 'no-such-file']]) {
      const refused = await call(auditor, 'post', '/api/v1/messages', { to: [member.id], content: 'Look', attachments });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'attachments.1', key: 'unknown_attachment' })]);
    }
    const tooMany = await call(auditor, 'post', '/api/v1/messages', { to: [member.id], content: 'Look', attachments: Array.from({ length: 21 }, () => own) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual(expect.objectContaining({ field: 'attachments', key: 'too_big' }));
    expect(await head()).toBe(before);
    // a published network file any member reads may be attached by any member
    const shared = await upload(admin, 'Shared.txt', Buffer.from('for everybody\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: shared }], folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    expect((await call(auditor, 'post', '/api/v1/messages', { to: [member.id], content: 'Look', attachments: [shared] })).status).toBe(201);
  });

  it("attaches files picked from the files area (the folder listing the composer's picker shows); a member who cannot list them cannot attach them", async () => {
    const { admin, member, auditor } = clients;
    const plan = await upload(admin, 'Plan.txt', Buffer.from('the group plan\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: plan }], folder_ids: [groupRoot] });
    // the picker lists a folder and offers its files: the author (in the group) sees the file there
    const listed = await must<FolderContentsDto>(admin, 'get', `/api/storage/folders/${groupRoot}`);
    const picked = listed.files.find((file) => file.original_filename === 'Plan.txt');
    expect(picked?.id).toBe(plan);
    const { id } = await send(admin, { to: [member.id], content: 'From the group folder', attachments: [picked?.id ?? ''] });
    const received = await detail(member, id);
    expect(received.attachments).toEqual([expect.objectContaining({ id: plan, original_filename: 'Plan.txt', can: { download: true } })]);
    expect(((await download(member, received.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('the group plan\n');
    // the recipient reads it through the message only: the group's folder and the file's own route stay closed
    expect((await call(member, 'get', `/api/storage/folders/${groupRoot}`)).status).toBe(404);
    expect((await call(member, 'get', `/api/storage/files/${plan}`)).status).toBe(404);
    // holding the message does not let them pass the file on as their own attachment
    const before = await head();
    const refused = await call(member, 'post', '/api/v1/messages', { to: [auditor.id], content: 'Passing it on', attachments: [plan] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'attachments.0', key: 'unknown_attachment' })]);
    expect(await head()).toBe(before);
  });

  it('deleting one\'s copy ends one\'s own access only; a forward carries the attachments on', async () => {
    const { admin, member, auditor } = clients;
    const file = await upload(admin, 'Plan.txt', Buffer.from('the plan\n'));
    const { id } = await send(admin, { to: [member.id, auditor.id], content: 'The plan', attachments: [file] });
    const url = `/api/v1/messages/${id}/files/${file}`;
    const forwarded = await send(member, { to: [clients.guest.id], content: 'FYI', forwarded_message_id: id });
    await must(member, 'delete', `/api/v1/messages/${id}`);
    expect((await download(member, url)).status).toBe(404);
    expect((await download(auditor, url)).status).toBe(200);
    expect((await download(admin, url)).status).toBe(200);
    const guestCopy = await detail(clients.guest, forwarded.id);
    expect(guestCopy.attachments.map((attachment) => attachment.id)).toEqual([file]);
    expect(((await download(clients.guest, guestCopy.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('the plan\n');
    // the author removing the upload from their files does not take it from the recipients
    await must(admin, 'delete', `/api/storage/files/${file}`);
    expect((await download(auditor, url)).status).toBe(200);
  });

  it('flags are answers: can.download of every role is what the download route does', async () => {
    const { admin, member, auditor, guest } = clients;
    const file = await upload(member, 'Flags.txt', Buffer.from('flags\n'));
    const { id } = await send(member, { to: [admin.id, auditor.id], content: 'Flags', attachments: [file] });
    await must(auditor, 'delete', `/api/v1/messages/${id}`);
    const url = `/api/v1/messages/${id}/files/${file}`;
    const seen: Record<string, string> = {};
    for (const [role, client] of Object.entries({ author: member, recipient: admin, deleted: auditor, stranger: guest })) {
      const view = await call(client, 'get', `/api/v1/messages/${id}`);
      const flag = view.status === 200 ? ((view.body as MessageDetailDto).attachments[0]?.can.download ?? false) : false;
      const status = (await download(client, url)).status;
      expect(status === 200).toBe(flag);
      if (!flag) expect(status).toBe(404);
      seen[role] = `${view.status}/${status}`;
    }
    expect(seen).toEqual({ author: '200/200', recipient: '200/200', deleted: '404/404', stranger: '404/404' });
  });

  it("erasing the author blanks the message and leaves their private upload unreadable to every holder; a folder's file stays readable", async () => {
    const dan = await (async () => {
      await must(clients.admin, 'post', '/administration/members', { user: { email: 'dan@example.org', password: PASSWORD, first_name: 'Dan', last_name: 'Test' } });
      return signInClient(server, 'dan@example.org', PASSWORD);
    })();
    const file = await upload(dan, 'Dan.txt', Buffer.from('dan\'s bytes, private\n'));
    const shared = await upload(dan, 'Shared.txt', Buffer.from('dan\'s bytes, published\n'));
    await must(dan, 'post', '/api/storage/files/publish', { files: [{ id: shared }], folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    const { id } = await send(dan, { to: [clients.member.id], subject: 'From Dan', content: 'Personal words', attachments: [file, shared] });
    // the private upload is stored sealed: no plain byte of it in the store
    const [uploaded] = await running.infra.eventStore.readStream(fileStream(file));
    const sealed = uploaded?.data as { blob_key: string; sealed_for?: string };
    expect(sealed.sealed_for).toBe(dan.id);
    const raw: Buffer[] = [];
    for await (const part of await running.infra.fileStorage.read(sealed.blob_key)) raw.push(part as Buffer);
    expect(Buffer.concat(raw).toString('latin1')).not.toContain('private');
    const before = await detail(clients.member, id);
    expect(((await download(clients.member, before.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('dan\'s bytes, private\n');
    const ranged = await download(clients.member, before.attachments[0]?.url ?? '').set('Range', 'bytes=6-10');
    expect([ranged.status, (ranged.body as Buffer).toString()]).toEqual([206, 'bytes']);

    await must(clients.admin, 'delete', `/administration/members/${dan.id}`);
    const after = await detail(clients.member, id);
    expect(after).toMatchObject({ subject: '', content: '', author: null, has_attachments: true });
    expect((await download(clients.member, after.attachments[0]?.url ?? '')).status).toBe(404);
    expect(((await download(clients.member, after.attachments[1]?.url ?? '')).body as Buffer).toString()).toBe('dan\'s bytes, published\n');
  });
});
