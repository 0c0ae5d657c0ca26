import { CONTENT_SECURITY_POLICY, tileImageSource } from './security';

describe('the map tiles in the content security policy', () => {
  it('allows the tile server’s origin, a host placeholder as a wildcard', () => {
    expect(tileImageSource('https://tiles.example/{theme}/{z}/{x}/{y}.png')).toBe('https://tiles.example');
    expect(tileImageSource('http://127.0.0.1:8080/{theme}/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileImageSource('https://{s}.tiles.example/{z}/{x}/{y}.png')).toBe('https://*.tiles.example');
  });

  it('allows nothing for a template that is no absolute http(s) URL or would widen the policy', () => {
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileImageSource('javascript:alert(1)')).toBeNull();
    expect(tileImageSource("https://tiles.example; script-src 'unsafe-inline'/{z}")).toBeNull();
    expect(tileImageSource('https://{a}{b}.example/{z}')).toBeNull();
  });

  it('keeps the default policy unchanged', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data: blob:;");
  });
});
