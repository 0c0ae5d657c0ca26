import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { BackToSignIn, SignedOutCard } from '../sign-in/SignedOutCard';
import type { ReturnState } from '../sign-in/SignInPage';
import { passwordErrorText } from './password-form';
import { NewPasswordFields } from './PasswordFields';
import { resetPassword } from './passwords-api';
import { usePasswordForm } from './usePasswordForm';

const FIELDS = ['password', 'password_confirmation'] as const;

const InvalidLink = ({ errorKey }: { errorKey: string }) => {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error" role="alert" data-testid="password-reset-error">
      <p>{passwordErrorText(t, errorKey)}</p>
      {errorKey === 'reset_token_invalid' ? (
        <Link to="/users/password/new" data-testid="request-new-link">
          {t('passwords.request_new_link')}
        </Link>
      ) : null}
    </div>
  );
};

/** /users/password/edit?reset_password_token=…: the link of the reset mail; a new password, then sign in with it. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  // the address is not known before the link is used: the server checks the address rule
  const form = usePasswordForm(FIELDS, '');
  const [submitting, setSubmitting] = useState(false);
  usePageTitle('passwords.reset_title');

  if (token === '') {
    return (
      <SignedOutCard title={t('passwords.reset_title')}>
        <InvalidLink errorKey="reset_token_invalid" />
        <BackToSignIn />
      </SignedOutCard>
    );
  }

  const submit = async () => {
    if (!form.check()) return;
    setSubmitting(true);
    try {
      await resetPassword(api, { user: { reset_password_token: token, ...form.values } });
      const notice: ReturnState = { passwordReset: true };
      void navigate('/users/sign_in', { replace: true, state: notice });
    } catch (error) {
      form.refuse(error, 'user.');
      setSubmitting(false);
    }
  };

  return (
    <SignedOutCard title={t('passwords.reset_title')}>
      <form
        noValidate
        data-testid="password-reset-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {form.generalError ? <InvalidLink errorKey={form.generalError} /> : null}
        <NewPasswordFields values={form.values} errors={form.errors} change={form.change} />
        <button type="submit" className="button button--wide" data-testid="password-reset-submit" disabled={submitting}>
          {t('passwords.reset_submit')}
        </button>
      </form>
      <BackToSignIn />
    </SignedOutCard>
  );
};
