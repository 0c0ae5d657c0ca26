import { jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import { CONSISTENCY_HEADER, fileStream, groupRootFolderId, type FolderContentsDto, type GroupCategoriesResponse, type MessageDetailDto, type UploadedFileAnswer } from '@cn/contracts';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

/** a photo with the EXIF a phone writes, GPS included */
const photoWithGps = (): Promise<Buffer> =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } })
    .toBuffer();

/**
 * Image files get sizes (the file image reactor, with the profile images' resizer): the files list and a
 * post's attachments name a thumbnail, `?size=` serves the preview, thumbnail and lightbox as WebP without
 * the upload's metadata, to exactly those who may read the file; a restart resizes nothing again.
 */
jest.setTimeout(60_000);

describe('sizes of image files', () => {
  const demo = useDemoServer('file-image-sizes');
  const clients: Record<string, Client> = demo.clients;
  const { must } = httpCaller(() => demo.server);
  let position = 0;
  const upload = async (client: Client, name: string, bytes: Buffer): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: Client, url: string) => request(demo.server).get(url).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position)).buffer(true).parse(binaryBody);
  const resized = async (fileId: string) => (await demo.running.infra.eventStore.readStream(fileStream(fileId))).filter((event) => event.type === 'FileImageResized');
  const waitForResized = async (fileId: string): Promise<number> => {
    const deadline = Date.now() + 20_000;
    while ((await resized(fileId)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const [event] = await resized(fileId);
    if (!event) throw new Error('the file image was not resized');
    return event.position;
  };

  let groupId = '';
  let groupSlug = '';
  beforeAll(async () => {
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    const group = await must<{ id: string; slug: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Image sizes group', access: 'hidden' } });
    groupId = group.id;
    groupSlug = group.slug;
    await must(clients.admin, 'post', `/groups/${groupSlug}/membership_invites`, { membership_ids: [clients.member.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(clients.member, 'get', '/api/v1/group_invites');
    await must(clients.member, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === groupSlug)?.id ?? ''}/accept`);
  });

  it('serves a group image file at its sizes, stripped, to the group only; the list and a post name its thumbnail', async () => {
    const { admin, member, auditor } = clients;
    const photo = await photoWithGps();
    const fileId = await upload(admin, 'Holiday.jpg', photo);
    const minutes = await upload(admin, 'Minutes.txt', Buffer.from('Minutes\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: fileId }, { id: minutes }], folder_ids: [groupRootFolderId(groupId)] });
    position = await waitForResized(fileId);
    const [event] = await resized(fileId);
    expect(event?.data).toMatchObject({ file_id: fileId, sizes: { small: { content_type: 'image/webp' }, large: { content_type: 'image/webp' }, lightbox: { content_type: 'image/webp' } } });

    const listed = (await request(demo.server).get(`/api/storage/folders/${groupRootFolderId(groupId)}`).set('Cookie', member.cookie).set(CONSISTENCY_HEADER, String(position)).expect(200)).body as FolderContentsDto;
    const image = listed.files.find((file) => file.id === fileId);
    const text = listed.files.find((file) => file.id === minutes);
    expect(image?.thumbnail_url).toBe(`${image?.url ?? ''}&size=thumb`);
    expect(text?.thumbnail_url).toBeNull();

    const expected = { preview: [200, 200], thumb: [435, 435], lightbox: [1800, 1200] } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      const res = await download(member, `${image?.url ?? ''}&size=${size}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const bytes = res.body as Buffer;
      expect(bytes.length).toBeLessThan(photo.length);
      expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
      const metadata = await sharp(bytes).metadata();
      expect([metadata.width, metadata.height, metadata.exif]).toEqual([width, height, undefined]);
    }
    // the upload itself, without a size, as before
    expect((await download(member, image?.url ?? '')).headers['content-type']).toBe('image/jpeg');

    // the same rule as the file: not a member of the hidden group, whatever URL they know
    expect((await download(auditor, image?.thumbnail_url ?? '')).status).toBe(404);
    expect((await download(auditor, `${image?.url ?? ''}&size=lightbox`)).status).toBe(404);
    // no other sizes; no sizes of what is no image
    const unknown = await download(member, `${image?.url ?? ''}&size=huge`);
    expect(unknown.status).toBe(400);
    expect(JSON.parse((unknown.body as Buffer).toString('utf8'))).toMatchObject({ errors: [{ field: 'size', key: 'invalid_value' }] });
    expect((await download(member, `${text?.url ?? ''}&size=thumb`)).status).toBe(404);

    // the spec's images route (`/api/storage/images/{id}/get/{size}`): the same sizes, by the same read rule
    for (const [size, [width, height]] of Object.entries({ ...expected, small: [200, 200], large: [435, 435] })) {
      const res = await download(member, `/api/storage/images/${fileId}/get/${size}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(res.body as Buffer).metadata();
      expect([metadata.width, metadata.height, metadata.exif]).toEqual([width, height, undefined]);
    }
    for (const outsider of [auditor, clients.guest]) expect((await download(outsider, `/api/storage/images/${fileId}/get/thumb`)).status).toBe(404);
    const badSize = await download(member, `/api/storage/images/${fileId}/get/huge`);
    expect(badSize.status).toBe(400);
    expect(JSON.parse((badSize.body as Buffer).toString('utf8'))).toMatchObject({ errors: [{ field: 'size', key: 'invalid_value' }] });
    expect((await download(member, `/api/storage/images/${minutes}/get/thumb`)).status).toBe(404);
    expect((await download(member, '/api/storage/images/..%2F..%2Fetc%2Fpasswd/get/thumb')).status).toBe(404);
    expect((await request(demo.server).get(`/api/storage/images/${fileId}/get/thumb`)).status).toBe(401);

    // a post carrying the image names its thumbnail and serves it through the post
    const { id: postId } = await must<{ id: string }>(admin, 'post', `/api/v1/activitystreams/${groupSlug}/activities`, { content: '<p>Holiday</p>', attachments: [fileId] });
    const post = (await request(demo.server).get(`/api/v1/activities/${postId}`).set('Cookie', member.cookie).set(CONSISTENCY_HEADER, String(await demo.running.infra.eventStore.headPosition())).expect(200)).body as {
      attachments: Array<{ id: string; thumbnail_url: string | null }>;
    };
    const attached = post.attachments.find((entry) => entry.id === fileId);
    expect(attached?.thumbnail_url).toBe(`/api/v1/activities/${postId}/attachments/${fileId}?size=thumb`);
    const thumb = await download(member, attached?.thumbnail_url ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(435);
    expect((await download(auditor, attached?.thumbnail_url ?? '')).status).toBe(404);

    // replaying the log after a restart resizes nothing again
    await demo.restart();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resized(fileId)).toHaveLength(1);
  });
  it("gives a private upload (a post's attachment never published) sizes as private as its bytes: sealed for its uploader", async () => {
    const { member, admin } = clients;
    const fileId = await upload(member, 'Private.jpg', await photoWithGps());
    position = await waitForResized(fileId);
    const [event] = await resized(fileId);
    const data = event?.data as { sealed_for?: string; sizes: { large: { blob_key: string } } };
    expect(data.sealed_for).toBe(member.id);
    // what the storage holds of the thumbnail is no WebP anyone could read without the member's key
    const stored: Buffer[] = [];
    for await (const chunk of await demo.running.infra.fileStorage.read(data.sizes.large.blob_key)) stored.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(stored).subarray(8, 12).toString('latin1')).not.toBe('WEBP');

    const { id: postId } = await must<{ id: string }>(member, 'post', `/api/v1/activitystreams/${groupSlug}/activities`, { content: '<p>Mine</p>', attachments: [fileId] });
    position = await demo.running.infra.eventStore.headPosition();
    const thumb = await download(admin, `/api/v1/activities/${postId}/attachments/${fileId}?size=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([435, 435, undefined]);
  });

  it("serves a direct message's image attachment at its sizes through the message, to those who hold it only", async () => {
    const { admin, member, auditor } = clients;
    const photoId = await upload(admin, 'Snapshot.jpg', await photoWithGps());
    const notesId = await upload(admin, 'Notes.txt', Buffer.from('notes\n'));
    await waitForResized(photoId);
    const { id } = await must<{ id: string }>(admin, 'post', '/api/v1/messages', { to: [member.id], subject: 'Pictures', content: 'One photo', attachments: [photoId, notesId] });
    position = await demo.running.infra.eventStore.headPosition();
    const received = (await request(demo.server).get(`/api/v1/messages/${id}`).set('Cookie', member.cookie).set(CONSISTENCY_HEADER, String(position)).expect(200)).body as MessageDetailDto;
    const photo = received.attachments.find((entry) => entry.id === photoId);
    const notes = received.attachments.find((entry) => entry.id === notesId);
    expect(photo?.thumbnail_url).toBe(`/api/v1/messages/${id}/files/${photoId}?size=small`);
    expect(notes?.thumbnail_url).toBeNull();

    const expected = { small: [200, 200], large: [435, 435], lightbox: [1800, 1200], preview: [200, 200] } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      const res = await download(member, `${photo?.url ?? ''}?size=${size}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([width, height, undefined]);
    }
    // without a size: the upload itself, a download
    const original = await download(member, photo?.url ?? '');
    expect([original.headers['content-type'], original.headers['content-disposition']?.startsWith('attachment')]).toEqual(['image/jpeg', true]);
    // the message's read rule: who does not hold it gets nothing at any size
    expect((await download(auditor, photo?.thumbnail_url ?? '')).status).toBe(404);
    const unknown = await download(member, `${photo?.url ?? ''}?size=huge`);
    expect(unknown.status).toBe(400);
    expect(JSON.parse((unknown.body as Buffer).toString('utf8'))).toMatchObject({ errors: [{ field: 'size', key: 'invalid_value' }] });
    expect((await download(member, `${notes?.url ?? ''}?size=small`)).status).toBe(404);
  });
});
