import { FeedError, type FeedItem } from './feed-reader';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const decode = (text: string): string =>
  text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref] ?? whole;
  });

/** the text of an element's content: CDATA unwrapped, entities decoded, markup inside (escaped HTML titles) dropped */
const textOf = (content: string): string => {
  const unwrapped = content.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_whole, data: string) => data.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  return decode(decode(unwrapped.replace(/<[^>]*>/g, '')).replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
};

const escapeName = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** the content of the first child element named `name` (any namespace prefix) */
const child = (block: string, name: string): string | null => {
  const tag = `(?:[A-Za-z0-9_-]+:)?${escapeName(name)}`;
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(block);
  return match ? match[1] : null;
};

const blocks = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<(?:[A-Za-z0-9_-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z0-9_-]+:)?${name}\\s*>`, 'gi'))].map((match) => match[1]);

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decode(match[2] ?? match[3] ?? '') : null;
};

const httpUrl = (value: string | null): string | null => {
  const url = value?.trim() ?? '';
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null;
};

const instant = (value: string | null): string | null => {
  if (value === null) return null;
  const ms = Date.parse(textOf(value));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** the alternate link of an Atom entry: `<link href>` with rel alternate or none */
const atomLink = (entry: string): string | null => {
  const links = [...entry.matchAll(/<(?:[A-Za-z0-9_-]+:)?link\b[^>]*>/gi)].map((match) => match[0]);
  const alternate = links.find((tag) => (attribute(tag, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  return alternate ? httpUrl(attribute(alternate, 'href')) : null;
};

/** The entries of an RSS 2.0 (or 0.9x/1.0) or Atom document, in the feed's order. */
export const parseFeed = (xml: string): FeedItem[] => {
  const withoutComments = xml.replace(/<!--[\s\S]*?-->/g, '');
  if (/<(?:[A-Za-z0-9_-]+:)?feed[\s>]/i.test(withoutComments) && !/<rss[\s>]/i.test(withoutComments)) {
    return blocks(withoutComments, 'entry').flatMap((entry) => {
      const url = atomLink(entry);
      if (url === null) return [];
      return [{ url, title: textOf(child(entry, 'title') ?? '') || url, published_at: instant(child(entry, 'published') ?? child(entry, 'updated')) }];
    });
  }
  if (/<(rss|rdf:RDF|channel)[\s>]/i.test(withoutComments)) {
    return blocks(withoutComments, 'item').flatMap((item) => {
      const link = child(item, 'link');
      const guid = child(item, 'guid');
      const url = httpUrl(link === null ? null : textOf(link)) ?? httpUrl(guid === null ? null : textOf(guid));
      if (url === null) return [];
      return [{ url, title: textOf(child(item, 'title') ?? '') || url, published_at: instant(child(item, 'pubDate') ?? child(item, 'date')) }];
    });
  }
  throw new FeedError('not_a_feed');
};
