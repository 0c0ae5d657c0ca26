import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { CONSISTENCY_HEADER, memberStream, type MemberDto } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';

/** a photo with the EXIF a phone writes, GPS included */
const photoWithGps = (): Promise<Buffer> =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } })
    .toBuffer();

/**
 * Images set before the resizer existed (their events name no sizes) are resized once by the resizing
 * reactor, which appends MemberProfileImageResized: from then on only the stripped WebP sizes are served,
 * never the upload with its GPS data; a restart appends nothing more.
 */
describe('older profile images get their sizes', () => {
  const demo = useDemoServer('image-resizing');
  const resizedEvents = async (memberId: string) => (await demo.running.infra.eventStore.readStream(memberStream(memberId))).filter((event) => event.type === 'MemberProfileImageResized');
  const waitForResized = async (memberId: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while ((await resizedEvents(memberId)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('an image without sizes is resized once; its upload (with GPS) is never served again, also after a restart', async () => {
    const member = demo.clients.member;
    const upload = await photoWithGps();
    expect((await sharp(upload).metadata()).exif?.toString('latin1')).toContain('SecretCam');
    const stored = await demo.running.infra.fileStorage.put([upload]);
    // the event as it was written before sizes existed
    const stream = await demo.running.infra.eventStore.readStream(memberStream(member.id));
    await demo.running.infra.eventStore.append(
      memberStream(member.id),
      [{ id: randomUUID(), type: 'MemberProfileImageChanged', data: { member_id: member.id, blob_key: stored.key, content_type: 'image/jpeg', size: stored.size }, metadata: { memberId: member.id, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 } }],
      { expectedRevision: stream[stream.length - 1].revision },
    );
    await waitForResized(member.id);
    const [resized] = await resizedEvents(member.id);
    expect(resized.data).toMatchObject({ member_id: member.id, blob_key: stored.key, sizes: { small: { content_type: 'image/webp' }, large: { content_type: 'image/webp' }, lightbox: { content_type: 'image/webp' } } });

    // read once the read models have the resizing (the reactor's append is nobody's answer to wait for)
    const page = (await request(demo.server).get(`/members/${member.id}`).set('Cookie', member.cookie).set(CONSISTENCY_HEADER, String(resized.position)).expect(200)).body as MemberDto;
    // a new version (the resizing's position): a URL cached with the upload is not reused
    expect(page.images?.small).toMatch(new RegExp(`v=${resized.position}&size=small$`));
    for (const url of [page.images?.small ?? '', page.images?.large ?? '', `/members/${member.id}/image`, `/members/${member.id}/image?size=lightbox`]) {
      const res = await request(demo.server)
        .get(url)
        .set('Cookie', member.cookie)
        .set(CONSISTENCY_HEADER, String(resized.position))
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const bytes = res.body as Buffer;
      expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }

    await demo.restart();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resizedEvents(member.id)).toHaveLength(1);
  });
});
