import { signInRequestSchema } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { START_PAGE } from '../shell/navigation';
import { EmailInput, PasswordInput } from '../users/PasswordFields';
import { SignedOutCard } from './SignedOutCard';

export interface ReturnState {
  from?: string;
  /** set by the password reset page after a new password was saved */
  passwordReset?: boolean;
}

/** Only paths inside the console, so a crafted link cannot send the member elsewhere. */
export const returnPathOf = (state: unknown): string => {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/users/sign_in')
    ? from
    : START_PAGE;
};

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** /users/sign_in: no navigation here. */
export const SignInPage = () => {
  const { t } = useTranslation();
  const { state, signIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  usePageTitle('sign_in.title');

  const target = returnPathOf(location.state);
  const passwordReset = (location.state as ReturnState | null)?.passwordReset === true;
  if (state.phase === 'ready' && state.member) return <Navigate to={target} replace />;
  const network = state.phase === 'ready' ? state.network : null;

  const submit = async () => {
    setErrorKey(null);
    const parsed = signInRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const outcome = await signIn(parsed.data);
      if (outcome.twoFactorRequired) {
        void navigate('/users/two_factor_authentication', { state: { from: target, methods: outcome.twoFactorRequired } });
        return;
      }
      void navigate(outcome.twoFactorSetupRequired ? '/two_factor' : target, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.body.errors.length > 0) {
        const errors: FieldErrors = {};
        for (const fieldError of error.body.errors) {
          if (fieldError.field === 'email' || fieldError.field === 'password') errors[fieldError.field] = fieldError.key;
        }
        setFieldErrors(errors);
      }
      setErrorKey(error instanceof ApiError ? error.key : 'generic_error');
      setSubmitting(false);
    }
  };

  return (
    <SignedOutCard title={t('sign_in.title')}>
      {passwordReset && !errorKey ? (
        <div className="alert alert--success" role="status" data-testid="password-reset-notice">
          {t('passwords.reset_done')}
        </div>
      ) : null}
      {network?.login_texts.before ? <p className="sign-in__text">{network.login_texts.before}</p> : null}
      <form
        noValidate
        data-testid="sign-in-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errorKey ? (
          <div className="alert alert--error" role="alert" data-testid="sign-in-error">
            {t(`errors.${errorKey}`, { defaultValue: t('errors.generic_error') })}
          </div>
        ) : null}
        <EmailInput value={email} onChange={setEmail} error={fieldErrors.email} />
        {network?.login_texts.between ? <p className="sign-in__text">{network.login_texts.between}</p> : null}
        <PasswordInput name="password" label={t('sign_in.password')} value={password} onChange={setPassword} error={fieldErrors.password} autoComplete="current-password" />
        <button type="submit" className="button button--wide" data-testid="sign-in-submit" disabled={submitting}>
          {submitting ? t('sign_in.submitting') : t('sign_in.submit')}
        </button>
      </form>
      <p className="sign-in__links">
        <Link to="/users/password/new" data-testid="forgot-password-link">
          {t('passwords.forgot_link')}
        </Link>
      </p>
      {network?.login_texts.after ? <p className="sign-in__text">{network.login_texts.after}</p> : null}
    </SignedOutCard>
  );
};
