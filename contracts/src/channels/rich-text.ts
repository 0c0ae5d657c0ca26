/**
 * Rich text of channels (text widgets, blog articles): what a member wrote is reduced to a small set of
 * formatting elements before its event is stored, so that no reader ever receives markup that could run
 * or load anything. Pure string work (no DOM), the same on the server and in tests.
 */

import { assetOf } from '../files/editor-images';

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'hr']);
const VOID = new Set(['br', 'hr']);
/** elements whose content goes with them */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'select', 'svg', 'math', 'title', 'head']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<[!/?][^<]*?>|[^<]+|</g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/y;

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' };

/** decodes character references (enough to see through an obfuscated scheme such as `&#106;avascript:`) */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });

const escapeText = (text: string): string => {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '&') {
      ENTITY.lastIndex = i;
      out += ENTITY.test(text) ? '&' : '&amp;';
    } else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else out += char;
  }
  return out;
};

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** a link target a reader may follow: http(s), mailto, or a path of this site */
export const safeHref = (raw: string): string | null => {
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  if (/^\/(?![/\\])/.test(href)) return href;
  return null;
};

/**
 * An image source a reader may load: exactly our own asset path (`/api/storage/assets/{id}/preview`, optionally
 * `?size=small|large|lightbox`), after decoding references and dropping control characters. No other host
 * (nothing that tracks readers), no `javascript:`, no `data:` (an upload is the way in: sniffed and resized).
 */
export const safeImageSrc = (raw: string): string | null => {
  const src = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return assetOf(src) ? src : null;
};

/** an image's alternative text: at most this long */
const ALT_MAX = 200;

const imageOf = (attributes: string): string => {
  let src: string | null = null;
  let alt = '';
  for (const attribute of attributes.matchAll(ATTRIBUTE)) {
    const name = attribute[1].toLowerCase();
    const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    if (name === 'src') src = safeImageSrc(value);
    else if (name === 'alt') alt = decodeEntities(value).replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, ALT_MAX);
  }
  return src === null ? '' : `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
};

/**
 * The formatting subset of `html`: allowed elements balanced, links checked, everything else dropped or escaped.
 * `images`: rich text that may embed the members' editor images (channels' articles and text widgets, posts and
 * replies, apps' rich-text fields: what only signed-in members read) keeps
 * `<img>` whose source is one of our own assets (`safeImageSrc`) and its `alt`, nothing else of it.
 */
export const sanitizeHtml = (html: string, options: { images?: boolean } = {}): string => {
  const open: string[] = [];
  let skipping: string | null = null;
  let out = '';
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes] = match;
    if (rawName === undefined) {
      if (skipping !== null || (token.length > 1 && token.startsWith('<'))) continue;
      out += escapeText(token);
      continue;
    }
    const name = rawName.toLowerCase();
    if (skipping !== null) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !token.endsWith('/>')) skipping = name;
      continue;
    }
    if (name === 'img' && options.images === true) {
      if (!closing) out += imageOf(attributes ?? '');
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop() ?? ''}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      let href: string | null = null;
      for (const attribute of (attributes ?? '').matchAll(ATTRIBUTE)) {
        if (attribute[1].toLowerCase() === 'href') href = safeHref(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      }
      out += href === null ? '<a>' : `<a href="${escapeAttribute(href)}"${href.startsWith('/') ? '' : ' target="_blank" rel="noopener noreferrer nofollow"'}>`;
    } else out += `<${name}>`;
    open.push(name);
  }
  while (open.length > 0) out += `</${open.pop() ?? ''}>`;
  return out;
};

/** The text of sanitized (or any) html, for teasers and the search index. */
export const htmlToText = (html: string): string =>
  decodeEntities(html.replace(/<(br|\/p|\/li|\/h[2-4]|\/blockquote)\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** the first `max` characters of the text, cut at a word where possible, with an ellipsis */
export const teaserOf = (html: string, max = 240): string => {
  const text = htmlToText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/** rich text with something to read or see: text, or one of the editor's images (an image alone is a post too) */
export const hasRichContent = (html: string): boolean => htmlToText(html).length > 0 || /<img\s/i.test(html);
