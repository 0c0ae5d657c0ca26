import { designRequestSchema } from './designs';

const design = { name: 'Winter', primary_color: '#123456', primary_text_color: '#FFFFFF', background_color: '#fafafa' };
const errorsOf = (input: object) => (designRequestSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('a design request', () => {
  it('takes a logo from the network\'s storage only: another site\'s image would be blocked by the consoles\' img-src', () => {
    expect(designRequestSchema.parse({ ...design, logo_url: '/api/storage/images/logo/get/small' }).logo_url).toBe('/api/storage/images/logo/get/small');
    expect(designRequestSchema.parse({ ...design, logo_url: '' }).logo_url).toBeNull();
    expect(errorsOf({ ...design, logo_url: 'https://example.org/logo.png' })).toEqual([['logo_url', 'invalid_format']]);
    expect(errorsOf({ ...design, logo_url: '/api/storage/../../etc"x' })).toEqual([['logo_url', 'invalid_format']]);
  });

  it('takes colours as hex only (they become CSS variables) and keeps them lowercase', () => {
    expect(designRequestSchema.parse(design).primary_text_color).toBe('#ffffff');
    expect(errorsOf({ ...design, primary_color: 'red;background:url(x)' })).toEqual([['primary_color', 'invalid_format']]);
  });
});
