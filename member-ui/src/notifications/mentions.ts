import { decodeEntities } from '@cn/contracts';

/**
 * What the member is typing as a mention: the word after an '@' at the end of the editor's text (an '@'
 * alone: the picker opens with a hint). null when the text does not end in one.
 */
export const mentionQueryOf = (html: string): string | null => {
  const text = decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/\u00a0/g, ' ');
  const match = /(?:^|\s)@([\p{L}\p{N}_.-]{0,30})$/u.exec(text);
  return match ? match[1] : null;
};

/**
 * Replaces the last `@query` typed in the editor by a link to the member (the markup the server's
 * mentionedMemberIds reads), followed by a space with the caret after it. Answers the editor's new markup.
 */
export const insertMention = (editor: HTMLElement, query: string, member: { id: string; displayName: string }): string => {
  const typed = `@${query}`;
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.includes(typed)) last = node as Text;
  const link = document.createElement('a');
  link.setAttribute('href', `/members/${encodeURIComponent(member.id)}`);
  link.textContent = `@${member.displayName}`;
  const space = document.createTextNode('\u00a0');
  if (last) {
    const at = (last.textContent ?? '').lastIndexOf(typed);
    const rest = last.splitText(at);
    rest.textContent = (rest.textContent ?? '').slice(typed.length);
    rest.before(link, space);
  } else {
    editor.append(link, space);
  }
  const selection = window.getSelection();
  if (selection) {
    const range = document.createRange();
    range.setStartAfter(space);
    range.collapse(true);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  editor.focus();
  return editor.innerHTML;
};
