import MarkdownIt from 'markdown-it';
import type { ReactNode } from 'react';

/**
 * A text widget's content as React elements from an allow-list: markdown with raw HTML off, and the
 * server's sanitized HTML read through the DOM parser (never set as HTML). Links go to http(s), mailto or
 * a path of this site; images only from this site.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true, breaks: true });

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'code', 'img']);
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const SAFE_SRC = /^\/(?!\/)/;

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: Array<Node | string>;
}

type MarkdownToken = ReturnType<MarkdownIt['parse']>[number];

const buildMarkdown = (tokens: readonly MarkdownToken[], root: Node): void => {
  const stack: Node[] = [root];
  const top = (): Node => stack[stack.length - 1] ?? root;
  for (const token of tokens) {
    if (token.type === 'inline') {
      buildMarkdown(token.children ?? [], top());
    } else if (token.hidden) {
      continue;
    } else if (token.type === 'image') {
      top().children.push({ tag: 'img', attrs: { src: token.attrGet('src') ?? '', alt: token.content }, children: [] });
    } else if (token.nesting === 1) {
      const node: Node = { tag: token.tag, attrs: token.tag === 'a' ? { href: token.attrGet('href') ?? '' } : {}, children: [] };
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

const fromDom = (element: ChildNode): Node | string | null => {
  if (element.nodeType === 3) return element.textContent ?? '';
  if (element.nodeType !== 1) return null;
  const el = element as Element;
  const tag = el.tagName.toLowerCase();
  const attrs: Record<string, string> = {};
  if (tag === 'a') attrs.href = el.getAttribute('href') ?? '';
  if (tag === 'img') {
    attrs.src = el.getAttribute('src') ?? '';
    attrs.alt = el.getAttribute('alt') ?? '';
  }
  return { tag, attrs, children: [...el.childNodes].map(fromDom).filter((child): child is Node | string => child !== null) };
};

const toReact = (node: Node | string, key: number): ReactNode => {
  if (typeof node === 'string') return node;
  const children = node.children.map(toReact);
  if (!ALLOWED.has(node.tag)) return <span key={key}>{children}</span>;
  if (node.tag === 'br') return <br key={key} />;
  if (node.tag === 'hr') return <hr key={key} />;
  if (node.tag === 'img') return node.attrs.src && SAFE_SRC.test(node.attrs.src) ? <img key={key} src={node.attrs.src} alt={node.attrs.alt ?? ''} className="widget__image" /> : null;
  if (node.tag === 'a') {
    const href = node.attrs.href ?? '';
    if (!SAFE_HREF.test(href)) return <span key={key}>{children}</span>;
    return href.startsWith('/') ? (
      <a key={key} href={href}>
        {children}
      </a>
    ) : (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  }
  const Tag = node.tag as 'p';
  return <Tag key={key}>{children}</Tag>;
};

export const renderWidgetMarkdown = (text: string): ReactNode[] => {
  const root: Node = { tag: 'div', attrs: {}, children: [] };
  buildMarkdown(markdown.parse(text, {}), root);
  return root.children.map(toReact);
};

export const renderWidgetHtml = (html: string): ReactNode[] => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.childNodes]
    .map(fromDom)
    .filter((node): node is Node | string => node !== null)
    .map(toReact);
};
