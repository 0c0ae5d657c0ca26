import { renderToStaticMarkup } from 'react-dom/server';
import { isEmojiOnly, renderChatMarkdown } from './chat-markdown';

const html = (text: string): string => renderToStaticMarkup(<div>{renderChatMarkdown(text)}</div>);

describe('chat markdown', () => {
  it('renders emphasis, lists and safe links', () => {
    expect(html('**bold** and _it_ ~~gone~~')).toBe('<div><p><strong>bold</strong> and <em>it</em> <s>gone</s></p></div>');
    expect(html('- one\n- two')).toBe('<div><ul><li>one</li><li>two</li></ul></div>');
    expect(html('[site](https://example.org)')).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a>');
  });

  it('leaves headings, code blocks, tables, quotes, rules and fences as plain text', () => {
    const out = html('# Title\n\n> quote\n\n---\n\n```\nfence\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    for (const tag of ['<h1', '<blockquote', '<hr', '<pre', '<table']) expect(out).not.toContain(tag);
    expect(out).toContain('# Title');
  });

  it('lets nothing executable through', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![img](https://evil.example/x.png)',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)>',
      '[a](vbscript:msgbox(1))',
    ];
    for (const text of hostile) {
      const out = html(text);
      expect(out).not.toMatch(/<(script|img|iframe|svg|object|embed|style)\b/i);
      expect(out).not.toMatch(/<[^>]*\son[a-z]+=/i);
      expect(out).not.toMatch(/href="(?!https?:|mailto:)/i);
    }
    // the raw HTML is shown as text
    expect(html('<script>alert(1)</script>')).toContain('&lt;script&gt;');
  });

  it('enlarges one to three emoji only', () => {
    expect(isEmojiOnly('👍')).toBe(true);
    expect(isEmojiOnly('😀 🎉 👍🏽')).toBe(true);
    expect(isEmojiOnly('👨‍👩‍👧')).toBe(true);
    expect(isEmojiOnly('😀😀😀😀')).toBe(false);
    expect(isEmojiOnly('ok 👍')).toBe(false);
    expect(isEmojiOnly('123')).toBe(false);
    expect(isEmojiOnly('')).toBe(false);
  });
});
