import sharp from 'sharp';
import { SharpImageResizer, UnreadableImageError } from './image-resizer';

/** a JPEG of the given size, with EXIF (a camera name) to check that the sizes carry none */
const jpeg = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

describe('SharpImageResizer', () => {
  const resizer = new SharpImageResizer();

  it('cover-crops a landscape photo into a 200x200 and a 435x435 WebP', async () => {
    const sizes = await resizer.profileSizes(await jpeg(1200, 800));
    for (const [name, edge] of [['small', 200], ['large', 435]] as const) {
      const meta = await sharp(sizes[name].bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: edge, height: edge });
      expect(sizes[name]).toMatchObject({ content_type: 'image/webp', width: edge, height: edge });
    }
  });

  it('fits the whole picture inside 1920x1200 for the lightbox, never enlarging a smaller one', async () => {
    const big = (await resizer.profileSizes(await jpeg(4000, 3000))).lightbox;
    expect(big).toMatchObject({ content_type: 'image/webp', width: 1600, height: 1200 });
    expect(await sharp(big.bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    const wide = (await resizer.profileSizes(await jpeg(3840, 1000))).lightbox;
    expect([wide.width, wide.height]).toEqual([1920, 500]);
    const small = (await resizer.profileSizes(await jpeg(1200, 800))).lightbox;
    expect([small.width, small.height]).toEqual([1200, 800]);
  });

  it('strips the metadata (no EXIF, no ICC) and keeps no camera name in the bytes', async () => {
    const source = await jpeg(600, 400);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const { small, large, lightbox } = await resizer.profileSizes(source);
    for (const bytes of [small.bytes, large.bytes, lightbox.bytes]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
    }
  });

  it('rotates by the EXIF orientation before cropping (a 90° photo: its left half becomes the top)', async () => {
    // 400x200, left half black, right half white, stored with orientation 6 (shown rotated 90° clockwise)
    const left = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    const source = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(source).metadata()).orientation).toBe(6);
    const { large } = await resizer.profileSizes(source);
    const { data, info } = await sharp(large.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): number => data[(y * info.width + x) * info.channels] ?? -1;
    // shown upright the image is 200x400: black on top, white below; the square crop keeps the middle
    // (unrotated, the crop would be the middle columns: black on the left, white on the right, at every row)
    expect(pixel(100, 20)).toBeLessThan(60);
    expect(pixel(100, 415)).toBeGreaterThan(200);
  });

  it('keeps the first frame of an animated GIF (a still WebP of the first frame, not a strip of frames)', async () => {
    const frame = (r: number): Promise<Buffer> => sharp({ create: { width: 50, height: 50, channels: 3, background: { r, g: 0, b: 0 } } }).png().toBuffer();
    const gif = await sharp([await frame(255), await frame(0)], { join: { animated: true } }).gif({ loop: 0 }).toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(2);
    const { small } = await resizer.profileSizes(gif);
    const meta = await sharp(small.bytes, { pages: -1 }).metadata();
    expect({ pages: meta.pages ?? 1, width: meta.width, height: meta.height }).toEqual({ pages: 1, width: 200, height: 200 });
    const { data } = await sharp(small.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // the first (red) frame
  });

  it('refuses bytes that carry an image signature but do not decode', async () => {
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(resizer.profileSizes(Buffer.concat([pngSignature, Buffer.alloc(200, 7)]))).rejects.toBeInstanceOf(UnreadableImageError);
    const truncated = (await jpeg(800, 600)).subarray(0, 600);
    await expect(resizer.profileSizes(truncated)).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it('gives the same bytes for the same source', async () => {
    const source = await jpeg(640, 480);
    const [a, b] = await Promise.all([resizer.profileSizes(source), resizer.profileSizes(source)]);
    expect(a.small.bytes.equals(b.small.bytes)).toBe(true);
    expect(a.large.bytes.equals(b.large.bytes)).toBe(true);
  });
});
