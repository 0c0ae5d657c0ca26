import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { codeErrorOf } from './two-factor-api';

/** one code input with its submit; a 400 is the spec's invalid code message, a 429 asks to wait */
export const CodeForm = ({
  submitLabel,
  onSubmit,
  backupAllowed = false,
  children,
  testId,
}: {
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  backupAllowed?: boolean;
  children?: ReactNode;
  testId: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    const invalid = codeErrorOf(code, backupAllowed);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      const key = failure instanceof ApiError ? (failure.status === 400 ? 'invalid_code' : failure.key) : 'generic_error';
      setError(key);
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {children}
      <div className="field">
        <label htmlFor={id}>{t(backupAllowed ? 'two_factor.code_or_backup' : 'two_factor.code')}</label>
        <input
          id={id}
          name="code"
          inputMode={backupAllowed ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          required
          value={code}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {error ? (
          <p className="field__error" role="alert" data-testid="two-factor-error">
            {t(`errors.${error}`, { defaultValue: t('errors.generic_error') })}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={submitting}>
        {submitLabel}
      </button>
    </form>
  );
};
