import { channelAbilities, channelLetterOf, sanitizeHtml, slugify, teaserOf, widgetRequestSchema } from '../index';

describe('channel rich text', () => {
  it('keeps formatting, drops scripts, handlers, styles and unknown elements', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi <strong>you</strong><script>alert(1)</script></p>')).toBe('<p>Hi <strong>you</strong></p>');
    expect(sanitizeHtml('<div><img src=x onerror=alert(1)>text</div>')).toBe('text');
    expect(sanitizeHtml('<style>p{}</style><iframe src="//evil"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<p>open <em>never closed')).toBe('<p>open <em>never closed</em></p>');
    expect(sanitizeHtml('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(sanitizeHtml('&amp; &lt;tag&gt;')).toBe('&amp; &lt;tag&gt;');
    expect(sanitizeHtml('</p>stray<!-- comment -->')).toBe('stray');
  });

  it('keeps images only where asked, and only our own assets', () => {
    const id = '0b6c1f7e-4a4d-4c1e-9b1a-2f3d4e5f6a7b';
    const own = `/api/storage/assets/${id}/preview`;
    expect(sanitizeHtml(`<p><img src="${own}" alt="A &quot;lake&quot;" onerror="alert(1)" style="x"></p>`, { images: true })).toBe(`<p><img src="${own}" alt="A &quot;lake&quot;"></p>`);
    expect(sanitizeHtml(`<img src="${own}?size=lightbox">`, { images: true })).toBe(`<img src="${own}?size=lightbox" alt="">`);
    // without the option (posts, legal texts, pages, newsletters) no image passes
    expect(sanitizeHtml(`<img src="${own}">`)).toBe('');
    for (const hostile of [
      'https://tracker.example/pixel.gif',
      '//tracker.example/x.png',
      'javascript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      `${own}?size=huge`,
      `${own}/../../../../etc/passwd`,
      `/api/storage/assets/${id}/preview?size=small&x=1`,
      `https://evil.example${own}`,
      `/api/storage/assets/not-an-id/preview`,
      `/api/storage/files/${id}/get/x.png`,
    ]) {
      expect(sanitizeHtml(`<p>a<img src="${hostile}">b</p>`, { images: true })).toBe('<p>ab</p>');
    }
    expect(sanitizeHtml(`<img src='${own}'></img><img srcset="https://x.example/a.png" src="${own}">`, { images: true })).toBe(`<img src="${own}" alt=""><img src="${own}" alt="">`);
    expect(sanitizeHtml(`<img src="&#47;api/storage/assets/${id}/preview">`, { images: true })).toBe(`<img src="${own}" alt="">`);
  });

  it('keeps only safe links, external ones opening apart', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/channels/x">x</a>')).toBe('<a href="/channels/x">x</a>');
    expect(sanitizeHtml('<a href="https://example.org/?a=1&amp;b=2" target="_self">x</a>')).toBe(
      '<a href="https://example.org/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeHtml('<p>a <a href="https://x.org/?a&b">l</a> &amp; <b>b</b><br/>c</p><ul><li>1</ul>');
    expect(sanitizeHtml(once)).toBe(once);
  });

  it('makes teasers, slugs and letters', () => {
    expect(teaserOf('<p>Hello <b>world</b></p><p>again</p>')).toBe('Hello world again');
    expect(teaserOf(`<p>${'word '.repeat(100)}</p>`, 20)).toBe('word word word word…');
    expect(slugify('Grüße aus Köln!')).toBe('gruesse-aus-koeln');
    expect(slugify('  Café  Crème ')).toBe('cafe-creme');
    expect(channelLetterOf('élan')).toBe('E');
    expect(channelLetterOf('42 things')).toBe('#');
  });

  it('sanitises a text widget on arrival and validates widget fields', () => {
    const parsed = widgetRequestSchema.parse({ widget: { type: 'text', html_content: '<p>x<script>y</script></p>' } });
    expect(parsed.widget).toMatchObject({ type: 'text', html_content: '<p>x</p>', hide_title: false, title: '' });
    const bad = widgetRequestSchema.safeParse({ widget: { type: 'rss', url: 'ftp://x' } });
    expect(bad.success ? [] : bad.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['widget.url', 'invalid_url']]);
  });

  it('lets admins and the author update, and hides drafts from the others', () => {
    const viewer = { member_id: 'm', network_admin: false, external: false };
    expect(channelAbilities({ status: 'draft', author_id: 'a' }, viewer)).toEqual({ update: false, subscribe: false, favorite: false, create_articles: false });
    expect(channelAbilities({ status: 'active', author_id: 'a' }, viewer)).toEqual({ update: false, subscribe: true, favorite: true, create_articles: false });
    expect(channelAbilities({ status: 'archived', author_id: 'm' }, viewer).update).toBe(true);
    expect(channelAbilities({ status: 'archived', author_id: 'm' }, { ...viewer, external: true }).subscribe).toBe(false);
    expect(channelAbilities({ status: 'draft', author_id: null }, { ...viewer, network_admin: true }).update).toBe(true);
  });
});
