import type { ReactNode } from 'react';

/**
 * A text widget's content as React elements from an allow-list: the server's sanitized HTML read through the
 * DOM parser (never set as HTML), and markdown (widget-markdown.tsx, its own chunk) turned into the same
 * nodes. Links go to http(s), mailto or a path of this site; images only from this site.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'code', 'img']);
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const SAFE_SRC = /^\/(?!\/)/;

export interface ContentNode {
  tag: string;
  attrs: Record<string, string>;
  children: Array<ContentNode | string>;
}

const fromDom = (element: ChildNode): ContentNode | string | null => {
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
  return { tag, attrs, children: [...el.childNodes].map(fromDom).filter((child): child is ContentNode | string => child !== null) };
};

export const toReact = (node: ContentNode | string, key: number): ReactNode => {
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

export const renderWidgetHtml = (html: string): ReactNode[] => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.childNodes]
    .map(fromDom)
    .filter((node): node is ContentNode | string => node !== null)
    .map(toReact);
};
