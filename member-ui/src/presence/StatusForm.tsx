import { STATUS_TEXT_MAX, type PresenceType, type SetPresenceRequest } from '@cn/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanStatusText, sendsImmediately, textAfterChoosing } from './presence-rules';

export interface StatusFormProps {
  options: PresenceType[];
  initial: { type: PresenceType; text: string };
  onSubmit: (request: SetPresenceRequest) => Promise<boolean>;
  onClose: () => void;
}

/** Presence type and status message (chat-channels-files-fields-legal.md §4 and §5). */
export const StatusForm = ({ options, initial, onSubmit, onClose }: StatusFormProps) => {
  const { t } = useTranslation();
  const defaults = { online: t('presence.default_text.online'), busy: t('presence.default_text.busy') };
  const [type, setType] = useState<PresenceType>(options.includes(initial.type) ? initial.type : 'online');
  const [text, setText] = useState(cleanStatusText(initial.text));
  const [submitting, setSubmitting] = useState(false);
  const textId = useId();
  const counterId = useId();

  const submit = async (request: SetPresenceRequest) => {
    setSubmitting(true);
    const ok = await onSubmit(request);
    setSubmitting(false);
    if (ok) onClose();
  };

  const choose = (next: PresenceType) => {
    if (sendsImmediately(next)) {
      setType(next);
      void submit({ type: next, text: cleanStatusText(text) });
      return;
    }
    setType(next);
    setText(cleanStatusText(textAfterChoosing(next, text, defaults)));
  };

  return (
    <form
      className="status-form"
      data-testid="status-form"
      aria-label={t('presence.form_label')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ type, text: cleanStatusText(text) });
      }}
    >
      <fieldset className="status-form__types">
        <legend>{t('presence.type_legend')}</legend>
        {options.map((option) => (
          <label key={option} className={`status-option status-option--${option}`}>
            <input
              type="radio"
              name="status_type"
              value={option}
              data-testid={`status-option-${option}`}
              checked={type === option}
              disabled={submitting}
              onChange={() => choose(option)}
            />
            <span className={`presence__dot presence__dot--${option}`} aria-hidden="true" />
            <span>{t(`presence.types.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId} className="field-label">
        {t('presence.text_label')}
      </label>
      <textarea
        id={textId}
        name="status_text"
        data-testid="status-text"
        className="status-form__text"
        rows={text.length > 45 ? 2 : 1}
        maxLength={STATUS_TEXT_MAX}
        value={text}
        placeholder={t('presence.text_placeholder')}
        aria-describedby={counterId}
        disabled={submitting}
        onChange={(event) => setText(cleanStatusText(event.target.value))}
        onKeyDown={(event) => {
          // a line break would become a space anyway: Enter saves instead
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="status-form__footer">
        <span id={counterId} className="counter" data-testid="status-counter" aria-live="polite">
          {t('presence.counter', { count: text.length, max: STATUS_TEXT_MAX })}
        </span>
        <button type="button" className="button button--quiet" onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button" data-testid="status-save" disabled={submitting}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
};
