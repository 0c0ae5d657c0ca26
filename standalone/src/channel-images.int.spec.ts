import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { CONSISTENCY_HEADER, channelStream, type ChannelDto, type NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  cookie: string;
  csrf: string;
}

/** a 3000x2000 photo with EXIF (a camera name): its sizes must come without it */
const photo = (): Promise<Buffer> =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/**
 * Channel pictures (issue 10, the gallery's lightbox): uploaded once with their sizes, named by widgets and the
 * design, served at the size each place shows (thumbnail, lightbox) by the channel's visibility; nothing else
 * (another channel's picture, an id never uploaded) can be named, and refusals append nothing.
 */
describe('channel pictures over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-channel-images-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  let admin: Client;
  let member: Client;

  const signIn = async (email: string): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { cookie, csrf: network.csrf_token ?? '' };
  };
  const remember = (res: request.Response): request.Response => {
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const upload = async (client: Client, slug: string, bytes: Buffer, name = 'photo.jpg') =>
    remember(await request(server).post(`/channels/${slug}/images`).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name));
  const call = async (client: Client, method: 'post' | 'put', path: string, body: object) =>
    remember(await request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).send(body));
  const picture = (client: Client, url: string) => request(server).get(url).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position)).buffer(true).parse(binary);
  const head = () => running.infra.eventStore.headPosition();

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'channel-images-secret-0123456789abcdef0123456', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    admin = await signIn('admin@example.org');
    member = await signIn('member@example.org');
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an upload with its sizes, and the gallery gets a thumbnail and a lightbox picture without the camera data', async () => {
    const uploaded = await upload(admin, 'fotogalerie', await photo());
    expect(uploaded.status).toBe(201);
    const { id, url } = uploaded.body as { id: string; url: string };
    expect(url).toBe(`/api/v1/channels/fotogalerie/images/${id}`);
    const [event] = (await running.infra.eventStore.readStream(channelStream('fotogalerie'))).filter((recorded) => recorded.type === 'ChannelImageUploaded');
    expect(event?.data).toMatchObject({ channel_id: 'fotogalerie', image_id: id, content_type: 'image/jpeg', sizes: { small: { content_type: 'image/webp' }, lightbox: { content_type: 'image/webp' } } });

    const widget = await call(admin, 'post', '/channels/fotogalerie/widgets', { widget: { type: 'images', title: 'Sommerfest', images: [{ id: 'p1', url, name: 'Am See' }] } });
    expect(widget.status).toBe(201);
    const page = (await request(server).get('/channels/fotogalerie').set('Cookie', member.cookie).set(CONSISTENCY_HEADER, String(position)).expect(200)).body as ChannelDto;
    expect(page.widgets.find((candidate) => candidate.id === widget.body.id)).toMatchObject({ type: 'images', images: [{ id: 'p1', url, name: 'Am See' }] });

    const lightbox = await picture(member, `${url}?size=lightbox`).expect(200);
    expect(lightbox.headers['content-type']).toBe('image/webp');
    expect(lightbox.headers['x-content-type-options']).toBe('nosniff');
    expect(lightbox.headers['cache-control']).toContain('immutable');
    const fitted = await sharp(lightbox.body as Buffer).metadata();
    expect([fitted.width, fitted.height, fitted.exif]).toEqual([1800, 1200, undefined]);
    const thumbnail = await sharp((await picture(member, `${url}?size=large`).expect(200)).body as Buffer).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([435, 435]);
    await picture(member, `${url}?size=huge`).expect(400);
  });

  it('refuses uploads from who may not edit the channel, and non-images, before storing anything', async () => {
    const before = await head();
    expect((await upload(member, 'fotogalerie', await photo())).status).toBe(403);
    expect((await upload(member, 'vorstand-intern', await photo())).status).toBe(404);
    const renamed = await upload(admin, 'fotogalerie', Buffer.from('#!/bin/sh\necho hi\n'), 'photo.jpg');
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    expect(await head()).toBe(before);
  });

  it("serves a draft channel's picture only to who sees the draft, and no channel names another's picture or one never uploaded", async () => {
    const draft = (await upload(admin, 'vorstand-intern', await photo())).body as { id: string; url: string };
    await picture(admin, draft.url).expect(200);
    await picture(member, draft.url).expect(404);
    // the same id under a channel the member sees is still not that channel's picture
    await picture(member, `/api/v1/channels/fotogalerie/images/${draft.id}`).expect(404);

    const before = await head();
    const foreign = await call(admin, 'post', '/channels/fotogalerie/widgets', { widget: { type: 'images', images: [{ id: 'x', url: draft.url, name: '' }] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'widget.images.0.url', key: 'unknown_image' }]);
    const invented = await call(admin, 'put', '/channels/fotogalerie/design', {
      design: { logo_type: 'default', banner_type: 'image', banner_image: '/api/v1/channels/fotogalerie/images/00000000-0000-4000-8000-000000000000' },
    });
    expect(invented.status).toBe(400);
    expect(invented.body.errors).toEqual([{ field: 'design.banner_image', key: 'unknown_image' }]);
    expect(await head()).toBe(before);

    const own = (await upload(admin, 'vorstand-intern', await photo())).body as { url: string };
    expect((await call(admin, 'put', '/channels/vorstand-intern/design', { design: { logo_type: 'default', banner_type: 'image', banner_image: own.url } })).status).toBe(200);
  });
});
