import request from 'supertest';
import sharp from 'sharp';
import { editorImagesStream, type ActivityDto, type ArticleDto, type EditorImageAccepted, type EditorImagePage } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, requestCaller, type SignedInClient } from './testing/signed-in-client';

/** a 2400x1600 photo with EXIF (a camera name): its sizes must come without it */
const photo = (): Promise<Buffer> =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

/**
 * The rich-text editor's images (issue 13, "rich-text images"; docs/FILES.md "Editor images"): uploaded through
 * the profile images' pipeline (streamed, 413, sniffed, sized), embedded in articles and text widgets as our
 * own asset path only, read by every signed-in member and by no visitor, browsed by their uploader alone. Posts,
 * replies and apps' rich-text fields (read by signed-in members only) embed them too.
 */
describe('editor images over HTTP', () => {
  const demo = useDemoServer('editor-images');
  const call = requestCaller(() => demo.server);
  const admin = (): SignedInClient => demo.clients.admin;
  const member = (): SignedInClient => demo.clients.member;
  const guest = (): SignedInClient => demo.clients.guest;
  const upload = async (client: SignedInClient, bytes: Buffer, name = 'photo.jpg') => await call(client, 'post', '/api/storage/assets/ckeditor/images').attach('file', bytes, name);
  const picture = (client: SignedInClient | null, url: string) => call(client, 'get', url).buffer(true).parse(binaryBody);
  const head = () => demo.running.infra.eventStore.headPosition();

  it('stores an upload with its sizes, serves it to every signed-in member and to no visitor', async () => {
    const uploaded = await upload(member(), await photo(), 'Am See.jpg');
    expect(uploaded.status).toBe(201);
    const { id, url } = uploaded.body as EditorImageAccepted;
    expect(url).toBe(`/api/storage/assets/${id}/preview`);
    const memberId = member().id;
    const [event] = await demo.running.infra.eventStore.readStream(editorImagesStream(memberId));
    expect(event).toMatchObject({ type: 'EditorImageUploaded', data: { asset_id: id, member_id: memberId, name: 'Am See.jpg', content_type: 'image/jpeg', sizes: { small: { content_type: 'image/webp' }, lightbox: { content_type: 'image/webp' } } } });

    for (const reader of [admin(), member(), guest()]) {
      const shown = await picture(reader, url).expect(200);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.headers['cache-control']).toContain('immutable');
      const fitted = await sharp(shown.body as Buffer).metadata();
      // whole, never cropped (the lightbox size), and without the camera data
      expect([fitted.width, fitted.height, fitted.exif]).toEqual([1800, 1200, undefined]);
    }
    const thumbnail = await sharp((await picture(admin(), `${url}?size=small`).expect(200)).body as Buffer).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([200, 200]);
    await picture(admin(), `${url}?size=huge`).expect(400);
    expect((await request(demo.server).get(url)).status).toBe(401);
    await picture(admin(), '/api/storage/assets/0b6c1f7e-4a4d-4c1e-9b1a-2f3d4e5f6a7b/preview').expect(404);
    await picture(admin(), '/api/storage/assets/..%2F..%2Fetc%2Fpasswd/preview').expect(404);
  });

  it('lists the member\'s own images, newest first and paged, and nobody else\'s', async () => {
    const first = (await upload(admin(), await photo(), 'one.png')).body as EditorImageAccepted;
    const second = (await upload(admin(), await photo(), 'two.webp')).body as EditorImageAccepted;
    const page = (await call(admin(), 'get', '/system/ckeditor/images?per_page=1').expect(200)).body as EditorImagePage;
    expect(page).toMatchObject({ total: 2, page: 1, per_page: 1, images: [{ id: second.id, url: second.url, thumbnail_url: `${second.url}?size=small`, name: 'two.webp' }] });
    const next = (await call(admin(), 'get', '/system/ckeditor/images?per_page=1&page=2').expect(200)).body as EditorImagePage;
    expect(next.images.map((image) => image.id)).toEqual([first.id]);
    const others = (await call(guest(), 'get', '/system/ckeditor/images').expect(200)).body as EditorImagePage;
    expect(others.images.map((image) => image.id)).not.toContain(first.id);
    const bad = await call(admin(), 'get', '/system/ckeditor/images?per_page=1000').expect(400);
    expect(bad.body).toMatchObject({ errors: [{ field: 'per_page', key: 'too_big' }] });
    expect((await request(demo.server).get('/system/ckeditor/images')).status).toBe(401);
  });

  it('refuses non-images, renamed executables, refused extensions and oversized uploads, appending nothing', async () => {
    const before = await head();
    const renamed = await upload(member(), Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]), 'photo.jpg');
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    const script = await upload(member(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png');
    expect(script.body).toMatchObject({ errors: [{ field: 'file', key: 'image_type_not_accepted' }] });
    const oversized = await upload(member(), Buffer.alloc(6 * 1024 * 1024, 7), 'big.png');
    expect(oversized.status).toBe(413);
    expect(oversized.body).toMatchObject({ error: 'payload_too_large', errors: [{ field: 'file', key: 'file_too_large' }] });
    const notMultipart = await call(member(), 'post', '/api/storage/assets/ckeditor/images', { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect((await request(demo.server).post('/api/storage/assets/ckeditor/images').attach('file', await photo(), 'a.jpg')).status).toBeGreaterThanOrEqual(401);
    expect(await head()).toBe(before);

    await call(admin(), 'put', '/api/storage/settings', { extension_filter: { enabled: true, type: 'deny', list: ['jpg'] }, lock_period_days: 3 }).expect(200);
    const settingsAt = await head();
    const denied = await upload(member(), await photo(), 'photo.jpg');
    expect(denied.status).toBe(400);
    expect(denied.body).toMatchObject({ errors: [{ field: 'file', key: 'file_type_not_accepted' }] });
    expect(await head()).toBe(settingsAt);
    await call(admin(), 'put', '/api/storage/settings', { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 3 }).expect(200);
  });

  it('keeps exactly our own asset images in an article, dropping every other source', async () => {
    const { url } = (await upload(admin(), await photo())).body as EditorImageAccepted;
    const hostile = [
      '<img src="https://tracker.example/pixel.gif">',
      '<img src="javascript:alert(1)">',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      `<img src="//evil.example${url}">`,
      `<img src="${url}" onerror="alert(1)">`,
    ].join('');
    const article = await call(admin(), 'post', '/blogs/fotogalerie/articles', { article: { title: 'Bilder', html_content: `<p>See</p><img src="${url}" alt="Der See">${hostile}` } }).expect(201);
    const read = (await call(member(), 'get', `/blogs/fotogalerie/articles/${String(article.body.id)}`).expect(200)).body as ArticleDto;
    expect(read.html_content).toBe(`<p>See</p><img src="${url}" alt="Der See"><img src="${url}" alt="">`);
  });

  it('keeps our own images in a post, which may be an image alone, and drops every other source', async () => {
    const { url } = (await upload(member(), await photo())).body as EditorImageAccepted;
    const posted = await call(member(), 'post', '/api/v1/activitystreams/network/activities', { content: `<p>Seeblick</p><img src="${url}" alt="See"><img src="https://tracker.example/p.gif">` }).expect(201);
    const read = (await call(guest(), 'get', `/api/v1/activities/${String(posted.body.id)}`).expect(200)).body as ActivityDto;
    expect(read.html_content).toBe(`<p>Seeblick</p><img src="${url}" alt="See">`);
    await call(member(), 'post', '/api/v1/activitystreams/network/activities', { content: `<img src="${url}">` }).expect(201);
    const refused = await call(member(), 'post', '/api/v1/activitystreams/network/activities', { content: '<img src="https://tracker.example/p.gif">' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field: 'content', key: 'required' }] });
  });
});
