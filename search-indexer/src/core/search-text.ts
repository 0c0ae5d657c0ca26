import { htmlToText } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';

/** snippets of the global search are cut at 600 characters (calendars-appointments-search.md §9) */
export const SNIPPET_LENGTH = 600;

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** the text of a (sanitized) html body, as the index searches it */
export const searchableText = (html: string): string => htmlToText(html);

/** a hit's snippet: the text cut at 600 characters, escaped, so that it is safe to show as html */
export const snippetOf = (text: string): string => escapeHtml(text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text);

const PAGE = 1000;

/** every document of an index matching an equality filter, a list of values any of them (the indexing's own lookups, e.g. the replies of a post) */
export const allMatching = async <T extends SearchDocument>(index: SearchCollection<T>, filter: Record<string, string | readonly string[]>): Promise<T[]> => {
  const found: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { hits } = await index.search({ q: '', filter, limit: PAGE, offset });
    found.push(...hits);
    if (hits.length < PAGE) return found;
  }
};
