import MarkdownIt from 'markdown-it';
import type { ReactNode } from 'react';
import { CHAT_MENTION_HREF } from '@cn/contracts';

/**
 * Chat messages as markdown with HTML off and headings, code blocks, tables, blockquotes, rules and fences
 * off (chat-channels-files-fields-legal.md §5), and images off too (no request to a foreign server).
 * The tokens become React elements from an allow-list: nothing is ever set as HTML, a link goes only to
 * http(s) or mailto.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true, breaks: true }).disable(['heading', 'lheading', 'code', 'table', 'blockquote', 'hr', 'fence', 'image', 'html_block', 'html_inline']);

const ALLOWED_TAGS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 's', 'a', 'code']);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

interface Node {
  tag: string;
  href?: string;
  children: Array<Node | string>;
}

type MarkdownToken = ReturnType<MarkdownIt['parse']>[number];

const build = (tokens: readonly MarkdownToken[], root: Node): void => {
  const stack: Node[] = [root];
  const top = (): Node => stack[stack.length - 1];
  for (const token of tokens) {
    if (token.type === 'inline') {
      build(token.children ?? [], top());
      continue;
    }
    // a tight list's paragraphs are hidden: their text belongs to the item
    if (token.hidden) continue;
    if (token.nesting === 1) {
      const node: Node = { tag: token.tag, children: [] };
      if (token.tag === 'a') node.href = token.attrGet('href') ?? '';
      top().children.push(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else if (token.type === 'text' || token.type === 'code_inline') {
      if (token.type === 'code_inline') top().children.push({ tag: 'code', children: [token.content] });
      else top().children.push(token.content);
    } else if (token.type === 'softbreak' || token.type === 'hardbreak') {
      top().children.push({ tag: 'br', children: [] });
    } else if (token.content) {
      top().children.push(token.content);
    }
  }
};

const toReact = (node: Node | string, key: number): ReactNode => {
  if (typeof node === 'string') return node;
  const children = node.children.map(toReact);
  if (node.tag === 'br') return <br key={key} />;
  if (!ALLOWED_TAGS.has(node.tag)) return <span key={key}>{children}</span>;
  if (node.tag === 'a') {
    // a mention (the member picker's `[@Name](/members/{id})`): a link to the member inside the console
    if (node.href && CHAT_MENTION_HREF.test(node.href) && typeof node.children[0] === 'string' && node.children[0].startsWith('@')) {
      return (
        <a key={key} href={node.href} className="chat-mention" data-testid="chat-mention">
          {children}
        </a>
      );
    }
    return node.href && SAFE_HREF.test(node.href) ? (
      <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span key={key}>{children}</span>
    );
  }
  const Tag = node.tag as 'p' | 'ul' | 'ol' | 'li' | 'strong' | 'em' | 's' | 'code';
  return <Tag key={key}>{children}</Tag>;
};

/** the message's elements; throws only if the parser does (the caller shows the rendering error then) */
export const renderChatMarkdown = (text: string): ReactNode[] => {
  const root: Node = { tag: 'div', children: [] };
  build(markdown.parse(text, {}), root);
  return root.children.map(toReact);
};

const EMOJI = /^(?:\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)*|\p{Regional_Indicator}{2})$/u;

/** a message of one to three emoji only is shown enlarged */
export const isEmojiOnly = (text: string): boolean => {
  const trimmed = text.replace(/\s+/g, '');
  if (!trimmed) return false;
  const graphemes = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(trimmed)].map((part) => part.segment) : [...trimmed];
  return graphemes.length <= 3 && graphemes.every((grapheme) => EMOJI.test(grapheme));
};
