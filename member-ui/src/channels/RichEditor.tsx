import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'hr']);

/** copies the allowed elements of sanitised html into `target` as DOM nodes (never as an HTML string) */
const fill = (target: HTMLElement, html: string): void => {
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  const copy = (node: Node, into: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(node.textContent ?? ''));
      return;
    }
    if (!(node instanceof Element)) return;
    const name = node.tagName.toLowerCase();
    if (!ALLOWED.has(name)) {
      node.childNodes.forEach((child) => copy(child, into));
      return;
    }
    const element = document.createElement(name);
    const href = node.getAttribute('href');
    if (name === 'a' && href && /^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(href)) element.setAttribute('href', href);
    node.childNodes.forEach((child) => copy(child, element));
    into.appendChild(element);
  };
  target.replaceChildren();
  source.childNodes.forEach((node) => copy(node, target));
};

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'createLink';

/**
 * A small rich-text composer (bold, italic, lists, links) for text widgets and articles. What it answers
 * is its content's markup; the server sanitises it before anything is stored.
 */
export const RichEditor = ({ id, initial, onChange, labelledBy }: { id: string; initial: string; onChange: (html: string) => void; labelledBy: string }) => {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editor.current) fill(editor.current, initial);
    // filled once: afterwards the editor owns its content
  }, []);
  const run = (command: Command) => {
    editor.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt(t('channels.editor.link_prompt'), 'https://');
      if (!url || !/^(https?:\/\/|mailto:|\/)/i.test(url)) return;
      document.execCommand('createLink', false, url);
    } else document.execCommand(command);
    onChange(editor.current?.innerHTML ?? '');
  };
  const buttons: Array<[Command, string]> = [
    ['bold', 'channels.editor.bold'],
    ['italic', 'channels.editor.italic'],
    ['insertUnorderedList', 'channels.editor.bullets'],
    ['insertOrderedList', 'channels.editor.numbers'],
    ['createLink', 'channels.editor.link'],
  ];
  return (
    <div className="rich-editor">
      <div className="rich-editor__toolbar" role="toolbar" aria-label={t('channels.editor.toolbar')}>
        {buttons.map(([command, label]) => (
          <button key={command} type="button" className="button button--quiet" onMouseDown={(event) => event.preventDefault()} onClick={() => run(command)}>
            {t(label)}
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={editor}
        className="rich-editor__area rich-text"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        tabIndex={0}
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  );
};
