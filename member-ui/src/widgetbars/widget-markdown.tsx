import MarkdownIt from 'markdown-it';
import type { ReactNode } from 'react';
import { toReact, type ContentNode } from './widget-content';

/**
 * A markdown text widget's content, markdown with raw HTML off, as the allow-listed elements of
 * widget-content.tsx. Its own chunk with markdown-it (about 47 kB gzipped, and its compile and set-up): the
 * widget bar loads it only when a bar holds a markdown widget, so the start page's activities paint without
 * waiting for it.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true, breaks: true });

type MarkdownToken = ReturnType<MarkdownIt['parse']>[number];

const buildMarkdown = (tokens: readonly MarkdownToken[], root: ContentNode): void => {
  const stack: ContentNode[] = [root];
  const top = (): ContentNode => stack[stack.length - 1] ?? root;
  for (const token of tokens) {
    if (token.type === 'inline') {
      buildMarkdown(token.children ?? [], top());
    } else if (token.hidden) {
      continue;
    } else if (token.type === 'image') {
      top().children.push({ tag: 'img', attrs: { src: token.attrGet('src') ?? '', alt: token.content }, children: [] });
    } else if (token.nesting === 1) {
      const node: ContentNode = { tag: token.tag, attrs: token.tag === 'a' ? { href: token.attrGet('href') ?? '' } : {}, children: [] };
      top().children.push(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else if (token.type === 'softbreak' || token.type === 'hardbreak') {
      top().children.push({ tag: 'br', attrs: {}, children: [] });
    } else if (token.type === 'code_inline') {
      top().children.push({ tag: 'code', attrs: {}, children: [token.content] });
    } else if (token.type === 'hr') {
      top().children.push({ tag: 'hr', attrs: {}, children: [] });
    } else if (token.content) {
      top().children.push(token.content);
    }
  }
};

export const renderWidgetMarkdown = (text: string): ReactNode[] => {
  const root: ContentNode = { tag: 'div', attrs: {}, children: [] };
  buildMarkdown(markdown.parse(text, {}), root);
  return root.children.map(toReact);
};

export const WidgetMarkdown = ({ text }: { text: string }) => <>{renderWidgetMarkdown(text)}</>;
