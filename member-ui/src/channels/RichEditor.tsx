import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetOf, type EditorImageDto } from '@cn/contracts';
import { useSession } from '../session/SessionContext';
import { editorImagesApi, useEditorImageUpload } from './editor-images';

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'hr']);

/** copies the allowed elements of sanitised html into `target` as DOM nodes (never as an HTML string); `images`: our own assets' <img> too */
const fill = (target: HTMLElement, html: string, images: boolean): void => {
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  const copy = (node: Node, into: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(node.textContent ?? ''));
      return;
    }
    if (!(node instanceof Element)) return;
    const name = node.tagName.toLowerCase();
    if (name === 'img') {
      const src = node.getAttribute('src');
      if (images && assetOf(src)) into.appendChild(imageElement(src ?? '', node.getAttribute('alt') ?? ''));
      return;
    }
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

const imageElement = (src: string, alt: string): HTMLImageElement => {
  const image = document.createElement('img');
  image.setAttribute('src', src);
  image.setAttribute('alt', alt);
  return image;
};

/** the editor's image picker: the member's own editor images, page by page */
const ImagePicker = ({ onPick }: { onPick: (image: EditorImageDto) => void }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const [images, setImages] = useState<EditorImageDto[] | null>(null);
  const [more, setMore] = useState<number | null>(null);
  const load = async (page: number) => {
    const answer = await editorImagesApi(api).list(page);
    setImages((shown) => [...(page === 1 ? [] : (shown ?? [])), ...answer.images]);
    setMore(answer.page * answer.per_page < answer.total ? answer.page + 1 : null);
  };
  useEffect(() => {
    void load(1).catch(() => setImages([]));
  }, []);
  if (images === null) return <p className="rich-editor__picker">{t('common.loading')}</p>;
  return (
    <div className="rich-editor__picker" data-testid="editor-image-picker">
      {images.length === 0 ? <p>{t('channels.editor.images_empty')}</p> : null}
      <ul>
        {images.map((image) => (
          <li key={image.id}>
            <button type="button" className="button button--quiet" onMouseDown={(event) => event.preventDefault()} onClick={() => onPick(image)} aria-label={t('channels.editor.image_insert', { name: image.name })}>
              <img src={image.thumbnail_url} alt="" width={64} height={64} />
            </button>
          </li>
        ))}
      </ul>
      {more !== null ? (
        <button type="button" className="button button--quiet" onClick={() => void load(more)}>
          {t('channels.editor.images_more')}
        </button>
      ) : null}
    </div>
  );
};

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'createLink';

/**
 * A small rich-text composer (bold, italic, lists, links) for text widgets and articles. What it answers
 * is its content's markup; the server sanitises it before anything is stored. `images` (only where the
 * server keeps them: articles and text widgets) adds an image button (upload, then embed our own asset
 * path) and a picker of the member's earlier editor images.
 */
export const RichEditor = ({ id, initial, onChange, labelledBy, images = false }: { id: string; initial: string; onChange: (html: string) => void; labelledBy: string; images?: boolean }) => {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const picked = useRef<HTMLInputElement>(null);
  const caret = useRef<Range | null>(null);
  const uploadImage = useEditorImageUpload();
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (editor.current) fill(editor.current, initial, images);
    // filled once: afterwards the editor owns its content
  }, []);
  /** where the image goes: the caret as it was in the editor (kept while the file dialog is open), else the end */
  const keepCaret = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    caret.current = range && editor.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };
  const insertImage = (url: string, alt: string) => {
    const area = editor.current;
    if (!area) return;
    const image = imageElement(url, alt);
    const range = caret.current;
    if (range && area.contains(range.commonAncestorContainer)) {
      range.deleteContents();
      range.insertNode(image);
      range.setStartAfter(image);
      range.collapse(true);
    } else area.appendChild(image);
    onChange(area.innerHTML);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setImageError(null);
    const answer = await uploadImage(file);
    setUploading(false);
    if ('url' in answer) insertImage(answer.url, '');
    else setImageError(answer.error);
  };
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
        {images ? (
          <>
            <button
              type="button"
              className="button button--quiet"
              disabled={uploading}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                keepCaret();
                picked.current?.click();
              }}
            >
              {uploading ? t('channels.editor.image_uploading') : t('channels.editor.image')}
            </button>
            <input
              ref={picked}
              type="file"
              hidden
              accept="image/png,image/jpeg,image/gif,image/webp"
              data-testid="editor-image-file"
              aria-label={t('channels.editor.image')}
              onChange={(event) => {
                void upload(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
            <button
              type="button"
              className="button button--quiet"
              aria-expanded={picking}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                keepCaret();
                setPicking((open) => !open);
              }}
            >
              {t('channels.editor.images_browse')}
            </button>
          </>
        ) : null}
      </div>
      {imageError ? (
        <p role="alert" className="form-error">
          {t(imageError)}
        </p>
      ) : null}
      {images && picking ? (
        <ImagePicker
          onPick={(image) => {
            insertImage(image.url, '');
            setPicking(false);
          }}
        />
      ) : null}
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
