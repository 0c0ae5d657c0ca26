import { chatMentionMarkup } from '@cn/contracts';

/** what is being typed as a mention: the word after an '@' right before the caret (an '@' alone: the hint) */
export const chatMentionAt = (text: string, caret: number): { query: string; start: number } | null => {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([\p{L}\p{N}_.-]{0,30})$/u.exec(before);
  if (!match) return null;
  return { query: match[1] ?? '', start: before.length - (match[1]?.length ?? 0) - 1 };
};

/**
 * The text with the `@query` before the caret replaced by the member's mention (the markdown the server
 * and the message view read) and a space; the caret goes after it.
 */
export const insertChatMention = (text: string, caret: number, member: { id: string; displayName: string }): { text: string; caret: number } => {
  const at = chatMentionAt(text, caret);
  const start = at ? at.start : caret;
  const inserted = `${chatMentionMarkup(member.id, member.displayName)} `;
  return { text: `${text.slice(0, start)}${inserted}${text.slice(caret)}`, caret: start + inserted.length };
};
