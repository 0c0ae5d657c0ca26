import { requestPasswordResetSchema } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { BackToSignIn, SignedOutCard } from '../sign-in/SignedOutCard';
import { EmailInput } from './PasswordFields';
import { requestPasswordReset } from './passwords-api';

/**
 * /users/password/new: asks for the address to mail a reset link to. The answer reads the same whether or
 * not a member has the address, so the page cannot be used to find out who is a member.
 */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [requested, setRequested] = useState(false);
  usePageTitle('passwords.request_title');

  const submit = async () => {
    setErrorKey(null);
    const parsed = requestPasswordResetSchema.safeParse({ user: { email } });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'invalid_format');
      return;
    }
    setEmailError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(api, parsed.data);
      setRequested(true);
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.body.errors.find((entry) => entry.field === 'user.email') : undefined;
      if (fieldError) setEmailError(fieldError.key);
      else setErrorKey(error instanceof ApiError ? error.key : 'generic_error');
    } finally {
      setSubmitting(false);
    }
  };

  if (requested) {
    return (
      <SignedOutCard title={t('passwords.request_title')}>
        <div className="alert" role="status" data-testid="password-reset-requested">
          {t('passwords.requested')}
        </div>
        <BackToSignIn />
      </SignedOutCard>
    );
  }

  return (
    <SignedOutCard title={t('passwords.request_title')}>
      <p className="sign-in__text">{t('passwords.request_text')}</p>
      <form
        noValidate
        data-testid="password-reset-request-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errorKey ? (
          <div className="alert alert--error" role="alert" data-testid="password-reset-request-error">
            {t(`errors.${errorKey}`, { defaultValue: t('errors.generic_error') })}
          </div>
        ) : null}
        <EmailInput
          value={email}
          error={emailError}
          onChange={(value) => {
            setEmail(value);
            if (emailError && requestPasswordResetSchema.safeParse({ user: { email: value } }).success) setEmailError(null);
          }}
        />
        <button type="submit" className="button button--wide" data-testid="password-reset-request-submit" disabled={submitting}>
          {t('passwords.request_submit')}
        </button>
      </form>
      <BackToSignIn />
    </SignedOutCard>
  );
};
