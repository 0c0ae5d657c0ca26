/** @jest-environment jsdom */
import './jsdom-text-encoding.cjs';
import type { AppointmentTranslationResponse, TranslationLanguage } from '@cn/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { LAST_TRANSLATION_LANGUAGE_KEY, quickLanguagesOf, readLastLanguage, shownTexts } from './appointment-translation';
import { TranslationSelector, useAppointmentTranslation } from './AppointmentTranslation';

const translated = (language: TranslationLanguage, name: string, source: string | null = 'de'): AppointmentTranslationResponse => ({
  name,
  description: `${name}: description`,
  language,
  source_language: source,
});

describe('translation rules', () => {
  it('offers the last used language first, then DE, EN-GB, ES, FR', () => {
    expect(quickLanguagesOf(null)).toEqual(['de', 'en', 'es', 'fr']);
    expect(quickLanguagesOf('es')).toEqual(['es', 'de', 'en', 'fr']);
  });

  it('reads only a known language back from the storage', () => {
    expect(readLastLanguage({ getItem: () => 'fr' })).toBe('fr');
    expect(readLastLanguage({ getItem: () => 'it' })).toBeNull();
    expect(
      readLastLanguage({
        getItem: () => {
          throw new Error('private mode');
        },
      }),
    ).toBeNull();
  });

  it('shows the translated texts only while a translation is shown', () => {
    const original = { name: 'Sommerfest', description: 'Grillen' };
    expect(shownTexts(original, { phase: 'original' })).toEqual(original);
    expect(shownTexts(original, { phase: 'loading', language: 'en' })).toEqual(original);
    expect(shownTexts(original, { phase: 'translated', language: 'en', translation: translated('en', 'Summer party') })).toEqual({
      name: 'Summer party',
      description: 'Summer party: description',
    });
  });
});

describe('<TranslationSelector>', () => {
  const i18n = createI18n('en', allTranslations);
  const original = { name: 'Sommerfest', description: 'Grillen' };

  const Harness = ({ load, onFailure }: { load: (language: TranslationLanguage) => Promise<AppointmentTranslationResponse>; onFailure: () => void }) => {
    const [version, setVersion] = useState('a|1');
    const translation = useAppointmentTranslation({ version, load, onFailure });
    const shown = shownTexts(original, translation.state);
    return (
      <>
        <h1 data-testid="name">{shown.name}</h1>
        <TranslationSelector state={translation.state} lastUsed={translation.lastUsed} onTranslate={translation.translate} onShowOriginal={translation.showOriginal} />
        <button type="button" onClick={() => setVersion('a|2')}>
          edited
        </button>
      </>
    );
  };

  const renderSelector = (load: (language: TranslationLanguage) => Promise<AppointmentTranslationResponse>) => {
    const onFailure = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Harness load={load} onFailure={onFailure} />
      </I18nextProvider>,
    );
    return { onFailure, select: screen.getByTestId('translation-language') };
  };

  beforeEach(() => window.localStorage.clear());

  it('loads, shows the translation with its marker, keeps the language as last used, and goes back to the original', async () => {
    let resolve: (value: AppointmentTranslationResponse) => void = () => undefined;
    const load = jest.fn(() => new Promise<AppointmentTranslationResponse>((done) => (resolve = done)));
    const { select } = renderSelector(load);
    expect(screen.getByTestId('translation').dataset.state).toBe('original');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Translate…', 'DE', 'EN-GB', 'ES', 'FR']);

    fireEvent.change(select, { target: { value: 'en' } });
    expect(load).toHaveBeenCalledWith('en');
    expect(screen.getByTestId('translation-loading').textContent).toBe('Translating…');
    expect(select).toHaveProperty('disabled', true);
    expect(screen.getByTestId('name').textContent).toBe('Sommerfest');

    await act(() => Promise.resolve(resolve(translated('en', 'Summer party'))));
    expect(screen.getByTestId('translation').dataset.state).toBe('translated');
    expect(screen.getByTestId('name').textContent).toBe('Summer party');
    expect(screen.getByTestId('translation-marker').textContent).toContain('Translated from DE');
    expect(window.localStorage.getItem(LAST_TRANSLATION_LANGUAGE_KEY)).toBe('en');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Translate…', 'EN-GB (last used)', 'DE', 'ES', 'FR']);

    fireEvent.click(screen.getByTestId('translation-original'));
    expect(screen.getByTestId('translation').dataset.state).toBe('original');
    expect(screen.getByTestId('name').textContent).toBe('Sommerfest');
  });

  it('names an unknown source by its code, or just says machine translated', async () => {
    const { select } = renderSelector((language) => Promise.resolve(translated(language, 'Fête', language === 'fr' ? 'it' : null)));
    fireEvent.change(select, { target: { value: 'fr' } });
    expect((await screen.findByTestId('translation-marker')).textContent).toContain('Translated from IT');
    fireEvent.change(select, { target: { value: 'es' } });
    expect((await screen.findByText(/Machine translated/)).textContent).toContain('Machine translated');
  });

  it('on a failure shows the original again and reports it (the page shows the error toast)', async () => {
    const { select, onFailure } = renderSelector(() => Promise.reject(new Error('503')));
    await act(async () => {
      fireEvent.change(select, { target: { value: 'de' } });
      await Promise.resolve();
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('translation').dataset.state).toBe('original');
    expect(screen.getByTestId('name').textContent).toBe('Sommerfest');
  });

  it('drops a late answer once the appointment changed', async () => {
    let resolve: (value: AppointmentTranslationResponse) => void = () => undefined;
    const { select } = renderSelector(() => new Promise<AppointmentTranslationResponse>((done) => (resolve = done)));
    fireEvent.change(select, { target: { value: 'en' } });
    fireEvent.click(screen.getByText('edited'));
    await act(() => Promise.resolve(resolve(translated('en', 'Summer party'))));
    expect(screen.getByTestId('translation').dataset.state).toBe('original');
    expect(screen.getByTestId('name').textContent).toBe('Sommerfest');
  });

  it('has its strings in all four languages', () => {
    for (const language of ['de', 'en', 'es', 'fr'] as const) {
      const instance = createI18n(language, allTranslations);
      expect(instance.exists('appointments.errors.translation_failed')).toBe(true);
      expect(instance.t('appointments.translation.translated_from', { language: 'DE' })).toContain('DE');
    }
  });
});
