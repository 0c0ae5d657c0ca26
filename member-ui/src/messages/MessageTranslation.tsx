import { TRANSLATION_LANGUAGE_LABELS, isTranslationLanguage, type MessageTranslationResponse, type TranslationLanguage } from '@cn/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabelOf, quickLanguagesOf, readLastLanguage, storeLastLanguage } from '../appointments/appointment-translation';

export type MessageTranslationState =
  | { phase: 'original' }
  | { phase: 'loading'; language: TranslationLanguage }
  | { phase: 'translated'; language: TranslationLanguage; translation: MessageTranslationResponse };

/**
 * The translation of the open message: choosing a language loads it (the quick languages, the last used
 * one first, shared with the appointments' selector), another message shows the original again, and a
 * late answer for an earlier choice is dropped.
 */
export const useMessageTranslation = ({
  messageId,
  load,
  onFailure,
}: {
  messageId: string;
  load: (language: TranslationLanguage) => Promise<MessageTranslationResponse>;
  onFailure: () => void;
}) => {
  const [state, setState] = useState<MessageTranslationState>({ phase: 'original' });
  const [lastUsed, setLastUsed] = useState<TranslationLanguage | null>(readLastLanguage);
  const request = useRef(0);

  useEffect(() => {
    request.current += 1;
    setState({ phase: 'original' });
  }, [messageId]);

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

/** The detail's 'translate' menu, and the marker with 'show original' while a translation is shown. */
export const MessageTranslationMenu = ({
  state,
  lastUsed,
  onTranslate,
  onShowOriginal,
}: {
  state: MessageTranslationState;
  lastUsed: TranslationLanguage | null;
  onTranslate: (language: TranslationLanguage) => void;
  onShowOriginal: () => void;
}) => {
  const { t } = useTranslation();
  const chosen = state.phase === 'original' ? '' : state.language;
  const source = state.phase === 'translated' ? state.translation.source_language : null;
  return (
    <span className="message-translation" data-testid="message-translation" data-state={state.phase}>
      <select
        value={chosen}
        aria-label={t('messages.translation.choose')}
        disabled={state.phase === 'loading'}
        data-testid="message-translation-language"
        onChange={(event) => {
          if (isTranslationLanguage(event.target.value)) onTranslate(event.target.value);
        }}
      >
        <option value="">{t('messages.translation.translate')}</option>
        {quickLanguagesOf(lastUsed).map((language) => (
          <option key={language} value={language}>
            {language === lastUsed ? t('messages.translation.last_used', { language: TRANSLATION_LANGUAGE_LABELS[language] }) : TRANSLATION_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      {state.phase === 'loading' ? (
        <span className="muted" role="status" data-testid="message-translation-loading">
          {t('messages.translation.loading')}
        </span>
      ) : null}
      {state.phase === 'translated' ? (
        <span className="muted" data-testid="message-translation-marker">
          {source ? t('messages.translation.translated_from', { language: languageLabelOf(source) }) : t('messages.translation.translated')}{' '}
          <button type="button" className="button button--quiet" data-testid="message-translation-original" onClick={onShowOriginal}>
            {t('messages.translation.show_original')}
          </button>
        </span>
      ) : null}
    </span>
  );
};
