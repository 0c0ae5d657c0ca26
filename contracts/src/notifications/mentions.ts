/**
 * Mentions in rich text: the composer's member picker writes `<a href="/members/{id}">@Name</a>`, a link
 * the sanitiser keeps. A mention is such a link whose text starts with '@' (a plain link to a member's
 * page names nobody). Pure string work: the projection and the console share it.
 */
const MENTION = /<a\s+href="\/members\/([A-Za-z0-9_-]{1,64})"[^>]*>\s*@/g;

/** the ids of the members `html` mentions, each once, in order */
export const mentionedMemberIds = (html: string): string[] => [...new Set([...html.matchAll(MENTION)].map((match) => match[1]))];

/** the markup of a mention, as the picker inserts it (the name escaped) */
export const mentionMarkup = (memberId: string, name: string): string =>
  `<a href="/members/${encodeURIComponent(memberId)}">@${name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</a>`;

/** GET /members?q=: how long the console waits after the last key before asking (the chat spec's picker) */
export const MEMBER_SUGGESTIONS_DEBOUNCE_MS = 375;
export const MEMBER_SUGGESTIONS_LIMIT = 10;
