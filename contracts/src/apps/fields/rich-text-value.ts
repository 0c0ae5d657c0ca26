import { hasRichContent, htmlToText, sanitizeHtml } from '../../channels/rich-text';

const ANY_TAG = /<\/?[a-zA-Z][^>]*>/;

const escapePlain = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Rich text as multiline text and html properties keep it: what the composer (or any client) sent,
 * reduced by the posts' sanitiser (`sanitizeHtml`), so nothing that could run or load survives. Text
 * without any markup (a value stored before multiline text took rich text, or a client sending plain
 * text) becomes paragraphs and line breaks first; text holding nothing readable is ''.
 */
export const richTextValue = (raw: string): string => {
  const html = ANY_TAG.test(raw)
    ? raw
    : raw
        .trim()
        .split(/\r?\n\s*\r?\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph) => `<p>${escapePlain(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
        .join('');
  const clean = sanitizeHtml(html, { images: true }).trim();
  return hasRichContent(clean) ? clean : '';
};

/** the rich text's readable text, for lists, cards, templates and titles */
export const richTextAsText = (html: string): string => htmlToText(html);
