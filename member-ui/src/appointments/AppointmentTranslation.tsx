import { TRANSLATION_LANGUAGE_LABELS, isTranslationLanguage, type AppointmentTranslationResponse, type TranslationLanguage } from '@cn/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabelOf, quickLanguagesOf, readLastLanguage, storeLastLanguage, type TranslationState } from './appointment-translation';

/**
 * The translation of one version of an appointment: choosing a language loads it, a newer version (or
 * another appointment) shows the original again; a late answer for an earlier choice is dropped.
 */
export const useAppointmentTranslation = ({
  version,
  load,
  onFailure,
}: {
  /** the appointment's id and updated_at */
  version: string;
  load: (language: TranslationLanguage) => Promise<AppointmentTranslationResponse>;
  onFailure: () => void;
}) => {
  const [state, setState] = useState<TranslationState>({ phase: 'original' });
  const [lastUsed, setLastUsed] = useState<TranslationLanguage | null>(readLastLanguage);
  const request = useRef(0);

  useEffect(() => {
    request.current += 1;
    setState({ phase: 'original' });
  }, [version]);

  const translate = useCallback(
    (language: TranslationLanguage) => {
      const current = ++request.current;
      setState({ phase: 'loading', language });
      storeLastLanguage(language);
      setLastUsed(language);
      load(language).then(
        (translation) => {
          if (current === request.current) setState({ phase: 'translated', language, translation });
        },
        () => {
          if (current !== request.current) return;
          setState({ phase: 'original' });
          onFailure();
        },
      );
    },
    [load, onFailure],
  );

  const showOriginal = useCallback(() => {
    request.current += 1;
    setState({ phase: 'original' });
  }, []);

  return { state, lastUsed, translate, showOriginal };
};

/** Language selector of the detail header, and the marker while a translation is shown. */
export const TranslationSelector = ({
  state,
  lastUsed,
  onTranslate,
  onShowOriginal,
}: {
  state: TranslationState;
  lastUsed: TranslationLanguage | null;
  onTranslate: (language: TranslationLanguage) => void;
  onShowOriginal: () => void;
}) => {
  const { t } = useTranslation();
  const chosen = state.phase === 'original' ? '' : state.language;
  const source = state.phase === 'translated' ? state.translation.source_language : null;
  return (
    <div className="appointment-translation" data-testid="translation" data-state={state.phase}>
      <select
        value={chosen}
        aria-label={t('appointments.translation.choose')}
        disabled={state.phase === 'loading'}
        data-testid="translation-language"
        onChange={(event) => {
          if (isTranslationLanguage(event.target.value)) onTranslate(event.target.value);
        }}
      >
        <option value="">{t('appointments.translation.translate')}</option>
        {quickLanguagesOf(lastUsed).map((language) => (
          <option key={language} value={language}>
            {language === lastUsed
              ? t('appointments.translation.last_used', { language: TRANSLATION_LANGUAGE_LABELS[language] })
              : TRANSLATION_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      {state.phase === 'loading' ? (
        <span className="muted" role="status" data-testid="translation-loading">
          {t('appointments.translation.loading')}
        </span>
      ) : null}
      {state.phase === 'translated' ? (
        <span className="appointment-translation__marker" data-testid="translation-marker">
          {source ? t('appointments.translation.translated_from', { language: languageLabelOf(source) }) : t('appointments.translation.translated')}{' '}
          <button type="button" className="button button--quiet" data-testid="translation-original" onClick={onShowOriginal}>
            {t('appointments.translation.show_original')}
          </button>
        </span>
      ) : null}
    </div>
  );
};
