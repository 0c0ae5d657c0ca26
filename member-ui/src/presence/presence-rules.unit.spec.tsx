/** @jest-environment jsdom */
import type { SetPresenceRequest } from '@cn/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { cleanStatusText, isStatusUiVisible, presenceOptions, textAfterChoosing } from './presence-rules';
import { StatusForm } from './StatusForm';

const defaults = { online: "I'm online", busy: "I'm busy right now" };
const everything = { set_status: true, set_invisible: true };

describe('presence options (chat-channels-files-fields-legal.md §4)', () => {
  it('offers invisible only when online status is optional', () => {
    expect(presenceOptions('optional', everything)).toEqual(['online', 'busy', 'invisible']);
    expect(presenceOptions('enabled', everything)).toEqual(['online', 'busy']);
  });

  it('hides the whole status UI when online status is disabled', () => {
    expect(isStatusUiVisible('disabled', everything)).toBe(false);
    expect(presenceOptions('disabled', everything)).toEqual([]);
    expect(isStatusUiVisible('enabled', everything)).toBe(true);
  });

  it('follows the server when it refuses the member the status or invisibility', () => {
    expect(isStatusUiVisible('optional', { set_status: false })).toBe(false);
    expect(presenceOptions('optional', { set_invisible: false })).toEqual(['online', 'busy']);
  });
});

describe('status text pre-fill', () => {
  it('fills the busy default into an empty text or over the online default', () => {
    expect(textAfterChoosing('busy', '', defaults)).toBe(defaults.busy);
    expect(textAfterChoosing('busy', '   ', defaults)).toBe(defaults.busy);
    expect(textAfterChoosing('busy', defaults.online, defaults)).toBe(defaults.busy);
  });

  it('fills the online default likewise', () => {
    expect(textAfterChoosing('online', '', defaults)).toBe(defaults.online);
    expect(textAfterChoosing('online', defaults.busy, defaults)).toBe(defaults.online);
  });

  it("keeps the member's own text", () => {
    expect(textAfterChoosing('busy', 'At the dentist', defaults)).toBe('At the dentist');
    expect(textAfterChoosing('online', 'Back at 3', defaults)).toBe('Back at 3');
  });

  it('replaces line breaks with spaces and cuts at 100 characters', () => {
    expect(cleanStatusText('one\ntwo\r\nthree\rfour')).toBe('one two three four');
    expect(cleanStatusText('x'.repeat(150))).toHaveLength(100);
  });
});

describe('StatusForm', () => {
  const renderForm = (options: SetPresenceRequest['type'][], initialText = '') => {
    const onSubmit = jest.fn((_request: SetPresenceRequest) => Promise.resolve(true));
    const onClose = jest.fn();
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <StatusForm options={options} initial={{ type: 'online', text: initialText }} onSubmit={onSubmit} onClose={onClose} />
      </I18nextProvider>,
    );
    return { onSubmit, onClose, text: screen.getByTestId<HTMLTextAreaElement>('status-text') };
  };

  it('pre-fills the busy default when busy is chosen, then saves type and text', async () => {
    const { onSubmit, onClose, text } = renderForm(['online', 'busy', 'invisible']);
    fireEvent.click(screen.getByTestId('status-option-busy'));
    expect(text.value).toBe(defaults.busy);
    expect(screen.getByTestId('status-counter').textContent).toBe(`${defaults.busy.length} / 100`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('status-save'));
      await Promise.resolve();
    });
    expect(onSubmit).toHaveBeenCalledWith({ type: 'busy', text: defaults.busy });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends invisible at once and closes', async () => {
    const { onSubmit, onClose } = renderForm(['online', 'busy', 'invisible'], 'Hello');
    await act(async () => {
      fireEvent.click(screen.getByTestId('status-option-invisible'));
      await Promise.resolve();
    });
    expect(onSubmit).toHaveBeenCalledWith({ type: 'invisible', text: 'Hello' });
    expect(onClose).toHaveBeenCalled();
  });

  it('does not offer invisible when the options leave it out, and keeps the text on one line', () => {
    const { text } = renderForm(['online', 'busy']);
    expect(screen.queryByTestId('status-option-invisible')).toBeNull();
    fireEvent.change(text, { target: { value: 'a\nb' } });
    expect(text.value).toBe('a b');
    expect(text.maxLength).toBe(100);
  });

  it('stays open when saving fails', async () => {
    const onSubmit = jest.fn(() => Promise.resolve(false));
    const onClose = jest.fn();
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <StatusForm options={['online', 'busy']} initial={{ type: 'busy', text: 'x' }} onSubmit={onSubmit} onClose={onClose} />
      </I18nextProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('status-save'));
      await Promise.resolve();
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('status-form')).toBeTruthy();
  });
});
