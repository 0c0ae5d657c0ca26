import { HttpProblem } from '@cn/platform';
import type { Request } from 'express';
import { variantOf, type ProfileImageRef } from './profile-image.response';

const ask = (size?: string): Pick<Request, 'query'> => ({ query: size === undefined ? {} : { size } });
const webp = (key: string) => ({ blob_key: key, content_type: 'image/webp' });
const upload = { blob_key: 'up', content_type: 'image/jpeg', version: 7 };

describe('which bytes an image URL names', () => {
  it('each size its own bytes, the large square without a size', () => {
    const image: ProfileImageRef = { ...upload, sizes: { small: webp('s'), large: webp('l'), lightbox: webp('x') } };
    expect(variantOf(image, ask('small'))).toEqual({ ...webp('s'), tag: 'v7-small' });
    expect(variantOf(image, ask('lightbox'))).toEqual({ ...webp('x'), tag: 'v7-lightbox' });
    expect(variantOf(image, ask())).toEqual({ ...webp('l'), tag: 'v7-large' });
  });

  it('sizes made before the lightbox existed answer it with the large square, never the upload', () => {
    const image: ProfileImageRef = { ...upload, sizes: { small: webp('s'), large: webp('l') } };
    expect(variantOf(image, ask('lightbox'))).toEqual({ ...webp('l'), tag: 'v7-large' });
  });

  it('an image without sizes is its upload; another size is 400', () => {
    expect(variantOf(upload, ask('lightbox'))).toEqual({ blob_key: 'up', content_type: 'image/jpeg', tag: 'v7' });
    expect(() => variantOf(upload, ask('huge'))).toThrow(HttpProblem);
  });
});
