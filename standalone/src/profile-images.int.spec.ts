import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import {
  CONSISTENCY_HEADER,
  groupStream,
  memberStream,
  PROFILE_IMAGE_MAX_BYTES,
  type DirectoryMembersResponse,
  type GroupCategoriesResponse,
  type GroupDirectoryResponse,
  type GroupDetailDto,
  type GroupInvitesResponse,
  type GroupSearchResponse,
  type MemberDto,
  type ProfileImageAnswer,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/** a 2×2 PNG, and the same with one byte of its pixel data changed (another image, another blob) */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001249444154789c63f8cfc0c000c20cff8100001fee05fb0bd9688b0000000049454e44ae426082', 'hex');
const OTHER_PNG = Buffer.concat([PNG, Buffer.from('00', 'hex')]);
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
/** a 1200x800 photo with EXIF (a camera name): the sizes must be squares without it */
const photo = (): Promise<Buffer> =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();
/** what the bytes are, by themselves: their format (RIFF…WEBP is WebP), their pixels, any EXIF */
const inspect = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { webp: bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP', width: meta.width, height: meta.height, exif: meta.exif !== undefined };
};

/**
 * Profile images of members and groups on one process: upload → event → read model URL → the bytes;
 * refusals with nothing appended; who may change which image (flags = answers); a hidden group's image;
 * erasure removing the bytes and every URL.
 */
describe('profile images', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-profile-images-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  let categorySlug = '';
  const clients: Record<string, Client> = {};

  const signIn = (email: string, password = DEMO_PASSWORD): Promise<Client> => signInClient(server, email, password);
  const remember = (res: request.Response): request.Response => {
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const call = async (client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    return remember(await (body === undefined ? pending : pending.send(body)));
  };
  const upload = async (client: Client, path: string, bytes: Buffer, name = 'me.png') =>
    remember(await request(server).put(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name));
  const getImage = (client: Client, url: string) =>
    request(server)
      .get(url)
      .set('Cookie', client.cookie)
      .set(CONSISTENCY_HEADER, String(position))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const streamLength = async (stream: string) => (await running.infra.eventStore.readStream(stream)).length;
  const memberOf = async (viewer: Client, id: string) => (await call(viewer, 'get', `/members/${id}`)).body as MemberDto;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'profile-images-secret-0123456789abcdef0123', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signIn(`${name}@example.org`);
    categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0].slug;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a member sets their image: the event names the bytes by key, the member page, the directory and the image URL follow', async () => {
    const max = clients.member;
    const res = await upload(max, `/members/${max.id}/image`, PNG);
    expect(res.status).toBe(200);
    const answer = res.body as ProfileImageAnswer;
    expect(answer.image_url).toBe(`/members/${max.id}/image?v=${answer.position}&size=large`);

    const events = await running.infra.eventStore.readStream(memberStream(max.id));
    const last = events[events.length - 1];
    expect(last.type).toBe('MemberProfileImageChanged');
    const data = last.data as { sizes: { small: { blob_key: string }; large: { blob_key: string } } };
    expect(last.data).toMatchObject({ member_id: max.id, blob_key: sha(PNG), content_type: 'image/png', size: PNG.length });
    expect(data.sizes).toMatchObject({ small: { content_type: 'image/webp' }, large: { content_type: 'image/webp' } });
    for (const key of [sha(PNG), data.sizes.small.blob_key, data.sizes.large.blob_key]) expect(await running.infra.fileStorage.stat(key)).not.toBeNull();

    const seen = await memberOf(clients.guest, max.id);
    const base = `/members/${max.id}/image?v=${answer.position}`;
    expect(seen.images).toEqual({ small: `${base}&size=small`, large: `${base}&size=large` });
    for (const key of [sha(PNG), data.sizes.small.blob_key, data.sizes.large.blob_key]) expect(JSON.stringify(seen)).not.toContain(key);
    const directory = (await call(clients.guest, 'get', `/directory/members?q=Max`)).body as DirectoryMembersResponse;
    expect(directory.entries.find((entry) => entry.id === max.id)?.images).toEqual(seen.images);

    const image = await getImage(clients.guest, seen.images.small ?? '');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.headers.etag).toBe(`"v${answer.position}-small"`);
    expect(sha(image.body as Buffer)).toBe(data.sizes.small.blob_key);
    expect(await inspect(image.body as Buffer)).toEqual({ webp: true, width: 200, height: 200, exif: false });
    // an old version's URL is answered with the current image, never cached for long
    const stale = await getImage(clients.guest, `/members/${max.id}/image?v=1&size=small`);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    // the ETag names the size: a small's tag is no large's
    expect((await getImage(clients.guest, seen.images.small ?? '').set('If-None-Match', `"v${answer.position}-small"`)).status).toBe(304);
    expect((await getImage(clients.guest, seen.images.large ?? '').set('If-None-Match', `"v${answer.position}-small"`)).status).toBe(200);
  });

  it('a 1200x800 JPEG is served as a 200x200 and a 435x435 WebP without its EXIF; an unknown size is 400', async () => {
    const max = clients.member;
    const answer = (await upload(max, `/members/${max.id}/image`, await photo(), 'photo.jpg')).body as ProfileImageAnswer;
    const { images } = await memberOf(clients.guest, max.id);
    const small = await getImage(clients.guest, images.small ?? '');
    expect({ status: small.status, type: small.headers['content-type'] }).toEqual({ status: 200, type: 'image/webp' });
    expect(await inspect(small.body as Buffer)).toEqual({ webp: true, width: 200, height: 200, exif: false });
    const large = await getImage(clients.guest, images.large ?? '');
    expect(await inspect(large.body as Buffer)).toEqual({ webp: true, width: 435, height: 435, exif: false });
    expect((large.body as Buffer).includes(Buffer.from('SecretCam'))).toBe(false);
    // without a size: the large one (the upload keeps its EXIF and is not served)
    const plain = await getImage(clients.guest, `/members/${max.id}/image?v=${answer.position}`);
    expect(await inspect(plain.body as Buffer)).toMatchObject({ webp: true, width: 435 });
    // the lightbox: the whole 1200x800 picture (inside 1920x1200, not enlarged), stripped
    const lightbox = await getImage(clients.guest, `/members/${max.id}/image?v=${answer.position}&size=lightbox`);
    expect({ status: lightbox.status, type: lightbox.headers['content-type'], etag: lightbox.headers['etag'] }).toEqual({ status: 200, type: 'image/webp', etag: `"v${answer.position}-lightbox"` });
    expect(await inspect(lightbox.body as Buffer)).toEqual({ webp: true, width: 1200, height: 800, exif: false });
    const unknown = await getImage(clients.guest, `/members/${max.id}/image?v=${answer.position}&size=huge`);
    expect(unknown.status).toBe(400);
    expect(JSON.parse((unknown.body as Buffer).toString('utf8'))).toMatchObject({ errors: [{ field: 'size', key: 'invalid_value' }] });
  });

  it('a corrupt image (an image signature, bytes that do not decode) is 400 image_unreadable with nothing appended', async () => {
    const max = clients.member;
    const length = await streamLength(memberStream(max.id));
    const corrupt = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(300, 9)]);
    const res = await upload(max, `/members/${max.id}/image`, corrupt, 'broken.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ field: 'file', key: 'image_unreadable' }] });
    const truncated = await upload(max, `/members/${max.id}/image`, (await photo()).subarray(0, 700), 'cut.jpg');
    expect(truncated.body).toMatchObject({ errors: [{ field: 'file', key: 'image_unreadable' }] });
    expect(await streamLength(memberStream(max.id))).toBe(length);
  });

  it('replacing the image gives a new URL; removing it clears the URL and the image answers 404', async () => {
    const max = clients.member;
    const before = (await memberOf(max, max.id)).images.small;
    const replaced = (await upload(max, `/members/${max.id}/image`, GIF, 'me.gif')).body as ProfileImageAnswer;
    expect(replaced.image_url).not.toBe(before);
    const image = await getImage(max, replaced.image_url ?? '');
    // an animated or still GIF is served by its first frame, as WebP
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await inspect(image.body as Buffer)).toMatchObject({ webp: true, width: 435, height: 435 });

    const removed = await call(max, 'delete', `/members/${max.id}/image`);
    expect(removed.status).toBe(200);
    expect((removed.body as ProfileImageAnswer).image_url).toBeNull();
    const events = await running.infra.eventStore.readStream(memberStream(max.id));
    expect(events[events.length - 1].type).toBe('MemberProfileImageRemoved');
    expect((await memberOf(clients.guest, max.id)).images).toEqual({ small: null, large: null });
    expect((await getImage(max, replaced.image_url ?? '')).status).toBe(404);
    // removing again changes nothing
    const length = await streamLength(memberStream(max.id));
    expect((await call(max, 'delete', `/members/${max.id}/image`)).status).toBe(200);
    expect(await streamLength(memberStream(max.id))).toBe(length);
  });

  it('refuses what is no image (by its bytes, whatever its name), an empty and an oversized upload: field and key, nothing appended', async () => {
    const max = clients.member;
    const length = await streamLength(memberStream(max.id));
    const script = await upload(max, `/members/${max.id}/image`, Buffer.from('#!/bin/sh\necho owned\n'), 'innocent.png');
    expect(script.status).toBe(400);
    expect(script.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    const html = await upload(max, `/members/${max.id}/image`, Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect(html.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    const svg = await upload(max, `/members/${max.id}/image`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg');
    expect(svg.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    const empty = await upload(max, `/members/${max.id}/image`, Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: [{ field: 'file', key: 'required' }] });
    const huge = await upload(max, `/members/${max.id}/image`, Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]), 'huge.png');
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ errors: [{ field: 'file', key: 'file_too_large' }] });
    const noMultipart = await call(max, 'put', `/members/${max.id}/image`, { file: 'x' });
    expect(noMultipart.status).toBe(415);
    expect(await streamLength(memberStream(max.id))).toBe(length);
  });

  it("who may change a member's image is what the member's can.update_profile says, for every role", async () => {
    const subject = clients.member;
    for (const role of ['admin', 'member', 'guest', 'auditor']) {
      const client = clients[role];
      const flag = (await memberOf(client, subject.id)).can?.update_profile;
      const length = await streamLength(memberStream(subject.id));
      const res = await upload(client, `/members/${subject.id}/image`, OTHER_PNG);
      expect({ role, flag, status: res.status }).toEqual({ role, flag: res.status === 200, status: flag ? 200 : 403 });
      expect(await streamLength(memberStream(subject.id))).toBe(length + (flag ? 1 : 0));
      const own = await upload(client, `/members/${client.id}/image`, PNG);
      expect({ role, status: own.status, flag: (await memberOf(client, client.id)).can?.update_profile }).toEqual({ role, status: 200, flag: true });
    }
    expect((await upload(clients.member, '/members/no-such-member/image', PNG)).status).toBe(404);
  });

  it("a group's image: group admins set it (can.update), members see it, a hidden group's image is 404 to outsiders", async () => {
    const ada = clients.admin;
    const founded = await call(ada, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Hidden pictures', access: 'hidden' } });
    expect(founded.status).toBe(201);
    const { slug, id } = founded.body as { slug: string; id: string };
    for (const role of ['member', 'guest', 'auditor']) {
      const res = await call(clients[role], 'get', `/api/v1/groups/${slug}`);
      const flag = res.status === 200 ? (res.body as GroupDetailDto).can.update : false;
      const length = await streamLength(groupStream(id));
      const answer = await upload(clients[role], `/groups/${slug}/image`, PNG);
      expect({ role, status: answer.status }).toEqual({ role, status: flag ? 200 : res.status === 404 ? 404 : 403 });
      expect(await streamLength(groupStream(id))).toBe(length);
    }
    expect(((await call(ada, 'get', `/api/v1/groups/${slug}`)).body as GroupDetailDto).can.update).toBe(true);
    const set = await upload(ada, `/groups/${slug}/image`, GIF, 'group.gif');
    expect(set.status).toBe(200);
    const url = (set.body as ProfileImageAnswer).image_url ?? '';
    expect(url).toBe(`/api/v1/group_images/${id}?v=${(set.body as ProfileImageAnswer).position}&size=large`);
    const events = await running.infra.eventStore.readStream(groupStream(id));
    expect(events[events.length - 1]).toMatchObject({ type: 'GroupProfileImageChanged', data: { group_id: id, blob_key: sha(GIF), content_type: 'image/gif' } });
    expect(((await call(ada, 'get', `/api/v1/groups/${slug}`)).body as GroupDetailDto).profile_image).toBe(url);

    const seen = await getImage(ada, url);
    expect(seen.status).toBe(200);
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect(await inspect(seen.body as Buffer)).toMatchObject({ webp: true, width: 435, height: 435 });
    const smallUrl = url.replace('size=large', 'size=small');
    expect(await inspect((await getImage(ada, smallUrl)).body as Buffer)).toMatchObject({ webp: true, width: 200, height: 200 });
    expect((await getImage(ada, url.replace('size=large', 'size=xl'))).status).toBe(400);
    expect((await getImage(clients.member, url)).status).toBe(404);
    expect((await getImage(clients.guest, url)).status).toBe(404);

    // an open group's image is seen by everybody who sees the group, and listed in the directory tab
    const open = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Open pictures' } })).body as { slug: string; id: string };
    // flags = answers on the open group: Max founded it (group admin), the auditor joins (a member, no admin), Gina does not see it, Ada is network admin
    expect((await call(clients.auditor, 'post', `/api/v1/groups/${open.slug}/join`)).status).toBeLessThan(300);
    for (const role of ['auditor', 'guest', 'admin']) {
      const res = await call(clients[role], 'get', `/api/v1/groups/${open.slug}`);
      const flag = res.status === 200 ? (res.body as GroupDetailDto).can.update : false;
      const length = await streamLength(groupStream(open.id));
      const answer = await upload(clients[role], `/groups/${open.slug}/image`, OTHER_PNG);
      expect({ role, status: answer.status }).toEqual({ role, status: flag ? 200 : res.status === 404 ? 404 : 403 });
      expect(await streamLength(groupStream(open.id))).toBe(length + (flag ? 1 : 0));
    }
    expect(((await call(clients.member, 'get', `/api/v1/groups/${open.slug}`)).body as GroupDetailDto).can.update).toBe(true);
    const openUrl = ((await upload(clients.member, `/groups/${open.slug}/image`, PNG)).body as ProfileImageAnswer).image_url ?? '';
    expect((await getImage(clients.auditor, openUrl)).status).toBe(200);
    const tab = (await call(clients.auditor, 'get', `/api/v1/group_directory/${categorySlug}`)).body as GroupDirectoryResponse;
    expect(tab.entries.find((group) => group.id === open.id)?.profile_image).toBe(openUrl);
    // the search's group hit carries both sizes (the group search and the global search)
    const images = { small: openUrl.replace('size=large', 'size=small'), large: openUrl };
    const hits = (await call(clients.auditor, 'get', '/search/groups?q=pictures')).body as GroupSearchResponse;
    expect(hits.groups.find((hit) => hit.id === open.id)?.images).toEqual(images);
    // an invite shows the group's image to the invitee and in the sent list
    expect((await call(clients.member, 'post', `/groups/${open.slug}/membership_invites`, { membership_ids: [clients.guest.id] })).status).toBeLessThan(300);
    const received = (await call(clients.guest, 'get', '/api/v1/group_invites')).body as GroupInvitesResponse;
    expect(received.invites.find((invite) => invite.invitable.id === open.id)?.invitable.images).toEqual(images);
    const sent = (await call(clients.member, 'get', '/api/v1/group_invites/sent')).body as GroupInvitesResponse;
    expect(sent.invites.find((invite) => invite.invitable.id === open.id)?.invitable.images).toEqual(images);
    expect((await call(clients.member, 'delete', `/groups/${open.slug}/image`)).status).toBe(200);
    expect(((await call(clients.member, 'get', '/search/groups?q=pictures')).body as GroupSearchResponse).groups.find((hit) => hit.id === open.id)?.images).toBeNull();
    expect(((await call(clients.member, 'get', `/api/v1/groups/${open.slug}`)).body as GroupDetailDto).profile_image).toBeNull();
  });

  it("erasing a member removes their images' bytes (unless something else names them) and the URL from every read model", async () => {
    const ada = clients.admin;
    const email = 'erased-pictures@example.org';
    const created = await call(ada, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: 'Erin', last_name: 'Erased' } });
    expect(created.status).toBeLessThan(300);
    const erin = await signIn(email, 'a good passphrase for tests');
    const unique = Buffer.concat([PNG, Buffer.from('erin')]);
    const url = ((await upload(erin, `/members/${erin.id}/image`, unique)).body as ProfileImageAnswer).image_url ?? '';
    // Erin's second image is the same bytes as Ada's: those stay for Ada
    await upload(ada, `/members/${ada.id}/image`, GIF, 'ada.gif');
    await upload(erin, `/members/${erin.id}/image`, GIF, 'erin.gif');
    expect((await getImage(ada, url)).status).toBe(200);

    const erased = await call(ada, 'delete', `/administration/members/${erin.id}`);
    expect(erased.status).toBeLessThan(300);
    expect(await running.infra.fileStorage.stat(sha(unique))).toBeNull();
    expect(await running.infra.fileStorage.stat(sha(GIF))).not.toBeNull();
    const seen = await memberOf(ada, erin.id);
    expect(seen.images).toEqual({ small: null, large: null });
    expect((await getImage(ada, url)).status).toBe(404);
    const directory = (await call(ada, 'get', `/directory/members?q=Erin`)).body as DirectoryMembersResponse;
    expect(directory.entries.find((entry) => entry.id === erin.id)).toBeUndefined();
  });
});
