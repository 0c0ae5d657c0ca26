import { Fragment, createElement, type ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { assetOf, mentionedMemberIds } from '@cn/contracts';

/** what the server's sanitiser lets through (contracts' sanitizeHtml, and <img> of our own assets); anything else is shown as its text */
const ELEMENTS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'hr']);
const VOID = new Set(['br', 'hr']);

const safeHref = (href: string | null): string | null => (href !== null && (/^(https?:\/\/|mailto:)/i.test(href) || /^\/(?![/\\])/.test(href)) ? href : null);

/** `routed`: inside the console's router, where a link within the console opens without reloading it */
const toReact = (node: Node, key: string, routed: boolean): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const children = [...node.childNodes].map((child, i) => toReact(child, `${key}.${i}`, routed));
  const name = node.tagName.toLowerCase();
  // an image only from our own assets (the editor's uploads), as the server's sanitiser keeps them: nothing else loads
  if (name === 'img') {
    const src = node.getAttribute('src');
    return assetOf(src) ? <img key={key} src={src ?? ''} alt={node.getAttribute('alt') ?? ''} loading="lazy" /> : null;
  }
  if (!ELEMENTS.has(name)) return <Fragment key={key}>{children}</Fragment>;
  if (VOID.has(name)) return createElement(name, { key });
  if (name === 'a') {
    const href = safeHref(node.getAttribute('href'));
    const external = href !== null && !href.startsWith('/');
    // a mention (the composer's picker's markup, read by the one parser the server uses) links to the member's page
    if (href !== null && mentionedMemberIds(node.outerHTML).length > 0) {
      return routed ? (
        <Link key={key} to={href} className="mention" data-testid="mention">
          {children}
        </Link>
      ) : (
        <a key={key} href={href} className="mention" data-testid="mention">
          {children}
        </a>
      );
    }
    return (
      <a key={key} href={href ?? undefined} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
        {children}
      </a>
    );
  }
  return createElement(name, { key }, ...children);
};

/**
 * Rich text of a channel (a text widget, an article), already sanitised by the server, shown as React
 * elements built from the allowed elements only: no markup is ever handed to the browser as HTML.
 */
export const RichText = ({ html, className, testId }: { html: string; className?: string; testId?: string }) => {
  const routed = useInRouterContext();
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} data-testid={testId}>
      {[...body.childNodes].map((node, i) => toReact(node, String(i), routed))}
    </div>
  );
};
