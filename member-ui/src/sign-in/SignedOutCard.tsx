import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { Logo } from '../shell/Header';

/** The card of the pages a visitor reaches signed out (sign-in, password reset): no navigation around it. */
export const SignedOutCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const { state } = useSession();
  const network = state.phase === 'ready' ? state.network : null;
  return (
    <div className="sign-in">
      <main className="sign-in__card">
        <div className="sign-in__brand">
          <Logo />
          {network ? <span data-testid="network-name">{network.name}</span> : null}
        </div>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
};

export const BackToSignIn = () => {
  const { t } = useTranslation();
  return (
    <p className="sign-in__links">
      <Link to="/users/sign_in" data-testid="back-to-sign-in">
        {t('passwords.back_to_sign_in')}
      </Link>
    </p>
  );
};
