import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { returnPathOf } from '../sign-in/SignInPage';
import { SignedOutCard } from '../sign-in/SignedOutCard';
import { CodeForm } from './CodeForm';
import { twoFactorApi } from './two-factor-api';

/** /users/two_factor_authentication: after the password, a code of the authenticator, the mail or a backup code. */
export const TwoFactorSignInPage = () => {
  const { t } = useTranslation();
  usePageTitle('two_factor.sign_in_title');
  const { api, reload } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const methods = (location.state as { methods?: string[] } | null)?.methods ?? [];
  return (
    <SignedOutCard title={t('two_factor.sign_in_title')}>
      <p>{t(methods.includes('email') && !methods.includes('totp') ? 'two_factor.sign_in_mail' : 'two_factor.sign_in_text')}</p>
      <CodeForm
        testId="two-factor-sign-in-form"
        backupAllowed
        submitLabel={t('two_factor.verify')}
        onSubmit={async (code) => {
          await twoFactorApi(api).confirmSignIn(code);
          await reload();
          void navigate(returnPathOf(location.state), { replace: true });
        }}
      />
      <p className="sign-in__links">
        <Link to="/users/sign_in">{t('passwords.back_to_sign_in')}</Link>
      </p>
    </SignedOutCard>
  );
};
