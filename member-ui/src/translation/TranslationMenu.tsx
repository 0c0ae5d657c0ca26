import { TRANSLATION_LANGUAGE_LABELS, isTranslationLanguage, type TranslationLanguage } from '@cn/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabelOf, quickLanguagesOf, readLastLanguage, storeLastLanguage } from '../appointments/appointment-translation';

/** what a translation answer says besides its texts: the language the service detected, if any */
interface Translated {
  source_language: string | null;
}

export type ContentTranslationState<T extends Translated> =
  | { phase: 'original' }
  | { phase: 'loading'; language: TranslationLanguage }
  | { phase: 'translated'; language: TranslationLanguage; translation: T };

/**
 * The translation of one piece of content (an appointment's version, a message): choosing a language loads
 * it, other content (`subject` changed) shows the original again, and a late answer for an earlier choice is
 * dropped. The last language used is shared by every translation menu of the console.
 */
export const useContentTranslation = <T extends Translated>({
  subject,
  load,
  onFailure,
}: {
  /** what is translated: when it changes, the original shows again */
  subject: string;
  load: (language: TranslationLanguage) => Promise<T>;
  onFailure: () => void;
}) => {
  const [state, setState] = useState<ContentTranslationState<T>>({ phase: 'original' });
  const [lastUsed, setLastUsed] = useState<TranslationLanguage | null>(readLastLanguage);
  const request = useRef(0);

  useEffect(() => {
    request.current += 1;
    setState({ phase: 'original' });
  }, [subject]);

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

interface TranslationMenuProps<T extends Translated> {
  state: ContentTranslationState<T>;
  lastUsed: TranslationLanguage | null;
  onTranslate: (language: TranslationLanguage) => void;
  onShowOriginal: () => void;
}

/**
 * The language menu (the quick languages, the last used one first) and, while a translation is shown, the
 * marker with 'show original'. `texts` is the feature's namespace of the menu's words, `testId` the prefix of
 * its test ids, `inline` for a menu inside a line of actions.
 */
export const TranslationMenu = <T extends Translated>({
  state,
  lastUsed,
  onTranslate,
  onShowOriginal,
  texts,
  testId,
  className,
  markerClassName = `${className}__marker`,
  inline = false,
}: TranslationMenuProps<T> & { texts: 'appointments.translation' | 'messages.translation'; testId: string; className: string; markerClassName?: string; inline?: boolean }) => {
  const Box = inline ? 'span' : 'div';
  const { t } = useTranslation();
  const chosen = state.phase === 'original' ? '' : state.language;
  const source = state.phase === 'translated' ? state.translation.source_language : null;
  return (
    <Box className={className} data-testid={testId} data-state={state.phase}>
      <select
        value={chosen}
        aria-label={t(`${texts}.choose`)}
        disabled={state.phase === 'loading'}
        data-testid={`${testId}-language`}
        onChange={(event) => {
          if (isTranslationLanguage(event.target.value)) onTranslate(event.target.value);
        }}
      >
        <option value="">{t(`${texts}.translate`)}</option>
        {quickLanguagesOf(lastUsed).map((language) => (
          <option key={language} value={language}>
            {language === lastUsed ? t(`${texts}.last_used`, { language: TRANSLATION_LANGUAGE_LABELS[language] }) : TRANSLATION_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      {state.phase === 'loading' ? (
        <span className="muted" role="status" data-testid={`${testId}-loading`}>
          {t(`${texts}.loading`)}
        </span>
      ) : null}
      {state.phase === 'translated' ? (
        <span className={markerClassName} data-testid={`${testId}-marker`}>
          {source ? t(`${texts}.translated_from`, { language: languageLabelOf(source) }) : t(`${texts}.translated`)}{' '}
          <button type="button" className="button button--quiet" data-testid={`${testId}-original`} onClick={onShowOriginal}>
            {t(`${texts}.show_original`)}
          </button>
        </span>
      ) : null}
    </Box>
  );
};

export type { TranslationMenuProps };
