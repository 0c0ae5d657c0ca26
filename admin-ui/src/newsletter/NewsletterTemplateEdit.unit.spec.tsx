/** @jest-environment jsdom */
import '../testing/jsdom-text-encoding.cjs';
import { act } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider, type UpdateParams } from 'react-admin';
import { DEFAULT_NEWSLETTER_TEMPLATE } from '@cn/contracts';
import { englishMessagesAll } from '../i18n/english';
import { click, render, waitFor } from '../testing/render';
import { NewsletterTemplateEdit, previewDocument } from './NewsletterTemplateEdit';

jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => ({ current: null }) }));

const i18nProvider = polyglotI18nProvider(() => englishMessagesAll, 'en');

const templateProvider = () => {
  const updates: UpdateParams[] = [];
  const provider = {
    getOne: () => Promise.resolve({ data: { id: 'template', ...DEFAULT_NEWSLETTER_TEMPLATE, revision: 0, updated_at: null } }),
    update: (_resource: string, params: UpdateParams) => {
      updates.push(params);
      return Promise.resolve({ data: { ...params.previousData, ...(params.data as object) } });
    },
  } as unknown as DataProvider;
  return { provider, updates };
};

const bodyInput = (): HTMLTextAreaElement => {
  const input = document.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
  if (!input || input.value === '') throw new Error('the template is not loaded yet');
  return input;
};
const typeBody = async (text: string): Promise<void> => {
  const input = bodyInput();
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
  });
};
const saveButton = () => document.querySelector<HTMLButtonElement>('[data-testid="newsletter-template-save"]') as HTMLButtonElement;
const shownErrors = () => [...document.querySelectorAll('[data-testid^="newsletter-error-"]')].map((element) => element.textContent);

describe('the newsletter template editor', () => {
  it('shows both placeholder errors together and blocks Save until the body has both placeholders', async () => {
    const { provider, updates } = templateProvider();
    const view = await render(
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <NewsletterTemplateEdit />
      </AdminContext>,
    );
    await waitFor(bodyInput);
    expect(shownErrors()).toEqual([]);

    await typeBody('<p>Hello</p>');
    await waitFor(() => expect(shownErrors()).toHaveLength(2));
    expect(shownErrors()).toEqual([
      'The body must contain the content placeholder {{content}} exactly once.',
      'The body must contain the disclaimer and settings placeholder {{disclaimer}} at least once.',
    ]);
    expect(saveButton().disabled).toBe(true);
    await click(saveButton());
    expect(updates).toEqual([]);

    // twice the content placeholder is still an error; the disclaimer alone is fixed
    await typeBody('{{content}}{{content}}{{disclaimer}}');
    await waitFor(() => expect(shownErrors()).toEqual(['The body must contain the content placeholder {{content}} exactly once.']));
    expect(saveButton().disabled).toBe(true);

    await typeBody('<h2>News</h2>{{content}}<p>{{disclaimer}}</p>');
    await waitFor(() => expect(shownErrors()).toEqual([]));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await click(saveButton());
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].data).toMatchObject({ body: '<h2>News</h2>{{content}}<p>{{disclaimer}}</p>' });

    // the preview runs in a frame that may run no script
    const frame = document.querySelector<HTMLIFrameElement>('[data-testid="newsletter-preview"]');
    expect(frame?.getAttribute('sandbox')).toBe('');
    expect(frame?.getAttribute('srcdoc')).toContain('<h2>News</h2>');
    view.unmount();
  });

  it('fills the preview with sample content and keeps the style text inside its element', () => {
    const html = previewDocument('{{content}}<hr>{{disclaimer}}', 'p { color: red } </style><script>x()</script>', 'Georgia; x', { content: 'Fair', disclaimer: 'Settings' });
    expect(html).toContain('<li>Fair</li>');
    expect(html).toContain('<a href="#">Settings</a>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toContain('<script');
  });
});
