import sharp from 'sharp';
import { channelStream, type ChannelDto } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, requestCaller, type SignedInClient } from './testing/signed-in-client';

/** a 3000x2000 photo with EXIF (a camera name): its sizes must come without it */
const photo = (): Promise<Buffer> =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

/**
 * Channel pictures (issue 10, the gallery's lightbox): uploaded once with their sizes, named by widgets and the
 * design, served at the size each place shows (thumbnail, lightbox) by the channel's visibility; nothing else
 * (another channel's picture, an id never uploaded) can be named, and refusals append nothing.
 */
describe('channel pictures over HTTP', () => {
  const demo = useDemoServer('channel-images');
  const call = requestCaller(() => demo.server);
  const admin = (): SignedInClient => demo.clients.admin;
  const member = (): SignedInClient => demo.clients.member;
  /** an upload, on the caller's position (a later read waits for it) */
  const upload = async (client: SignedInClient, slug: string, bytes: Buffer, name = 'photo.jpg') => await call(client, 'post', `/channels/${slug}/images`).attach('file', bytes, name);
  const picture = (client: SignedInClient, url: string) => call(client, 'get', url).buffer(true).parse(binaryBody);
  const head = () => demo.running.infra.eventStore.headPosition();

  it('stores an upload with its sizes, and the gallery gets a thumbnail and a lightbox picture without the camera data', async () => {
    const uploaded = await upload(admin(), 'fotogalerie', await photo());
    expect(uploaded.status).toBe(201);
    const { id, url } = uploaded.body as { id: string; url: string };
    expect(url).toBe(`/api/v1/channels/fotogalerie/images/${id}`);
    const [event] = (await demo.running.infra.eventStore.readStream(channelStream('fotogalerie'))).filter((recorded) => recorded.type === 'ChannelImageUploaded');
    expect(event?.data).toMatchObject({ channel_id: 'fotogalerie', image_id: id, content_type: 'image/jpeg', sizes: { small: { content_type: 'image/webp' }, lightbox: { content_type: 'image/webp' } } });

    const widget = await call(admin(), 'post', '/channels/fotogalerie/widgets', { widget: { type: 'images', title: 'Sommerfest', images: [{ id: 'p1', url, name: 'Am See' }] } });
    expect(widget.status).toBe(201);
    const page = (await call(member(), 'get', '/channels/fotogalerie').expect(200)).body as ChannelDto;
    expect(page.widgets.find((candidate) => candidate.id === widget.body.id)).toMatchObject({ type: 'images', images: [{ id: 'p1', url, name: 'Am See' }] });

    const lightbox = await picture(member(), `${url}?size=lightbox`).expect(200);
    expect(lightbox.headers['content-type']).toBe('image/webp');
    expect(lightbox.headers['x-content-type-options']).toBe('nosniff');
    expect(lightbox.headers['cache-control']).toContain('immutable');
    const fitted = await sharp(lightbox.body as Buffer).metadata();
    expect([fitted.width, fitted.height, fitted.exif]).toEqual([1800, 1200, undefined]);
    const thumbnail = await sharp((await picture(member(), `${url}?size=large`).expect(200)).body as Buffer).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([435, 435]);
    await picture(member(), `${url}?size=huge`).expect(400);
  });

  it('refuses uploads from who may not edit the channel, and non-images, before storing anything', async () => {
    const before = await head();
    expect((await upload(member(), 'fotogalerie', await photo())).status).toBe(403);
    expect((await upload(member(), 'vorstand-intern', await photo())).status).toBe(404);
    const renamed = await upload(admin(), 'fotogalerie', Buffer.from('#!/bin/sh\necho hi\n'), 'photo.jpg');
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    expect(await head()).toBe(before);
  });

  it("serves a draft channel's picture only to who sees the draft, and no channel names another's picture or one never uploaded", async () => {
    const draft = (await upload(admin(), 'vorstand-intern', await photo())).body as { id: string; url: string };
    await picture(admin(), draft.url).expect(200);
    await picture(member(), draft.url).expect(404);
    // the same id under a channel the member sees is still not that channel's picture
    await picture(member(), `/api/v1/channels/fotogalerie/images/${draft.id}`).expect(404);

    const before = await head();
    const foreign = await call(admin(), 'post', '/channels/fotogalerie/widgets', { widget: { type: 'images', images: [{ id: 'x', url: draft.url, name: '' }] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'widget.images.0.url', key: 'unknown_image' }]);
    const invented = await call(admin(), 'put', '/channels/fotogalerie/design', {
      design: { logo_type: 'default', banner_type: 'image', banner_image: '/api/v1/channels/fotogalerie/images/00000000-0000-4000-8000-000000000000' },
    });
    expect(invented.status).toBe(400);
    expect(invented.body.errors).toEqual([{ field: 'design.banner_image', key: 'unknown_image' }]);
    expect(await head()).toBe(before);

    const own = (await upload(admin(), 'vorstand-intern', await photo())).body as { url: string };
    expect((await call(admin(), 'put', '/channels/vorstand-intern/design', { design: { logo_type: 'default', banner_type: 'image', banner_image: own.url } })).status).toBe(200);
  });
});
