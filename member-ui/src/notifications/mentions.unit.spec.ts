/** @jest-environment jsdom */
import { mentionedMemberIds, sanitizeHtml } from '@cn/contracts';
import { insertMention, mentionQueryOf } from './mentions';

describe('the composer\'s mentions', () => {
  it('reads the name typed after an @ at the end of the text, and nothing elsewhere', () => {
    expect(mentionQueryOf('<p>Hello @Ad</p>')).toBe('Ad');
    expect(mentionQueryOf('Hello&nbsp;@')).toBe('');
    expect(mentionQueryOf('@Zoë')).toBe('Zoë');
    expect(mentionQueryOf('Hello @Ada&nbsp;')).toBeNull();
    expect(mentionQueryOf('mail me at ada@example.org')).toBeNull();
    expect(mentionQueryOf('<p>Hello</p>')).toBeNull();
  });

  it('replaces the typed @name by a mention the server reads after sanitising, and keeps the rest of the text', () => {
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    editor.innerHTML = '<p>Watering, <b>please</b> @Ad</p>';
    document.body.append(editor);
    const html = insertMention(editor, 'Ad', { id: 'm-42', displayName: 'Ada Admin' });
    expect(editor.textContent).toBe('Watering, please @Ada Admin\u00a0');
    expect(mentionedMemberIds(sanitizeHtml(html))).toEqual(['m-42']);
    expect(mentionQueryOf(html)).toBeNull();
    editor.remove();
  });
});
