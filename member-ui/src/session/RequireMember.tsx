import { ONBOARDING_PATH, TWO_FACTOR_SETUP_PATH } from '@cn/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { ReturnState } from '../sign-in/SignInPage';
import { useSession } from './SessionContext';

/**
 * Signed-out visitors go to the sign-in page and come back to where they were; a member whose network
 * enforces a second factor they lack stays on its setup; a member whose network asked for profile data at
 * joining goes to the onboarding page until they give it.
 */
export const RequireMember = () => {
  const { state, twoFactorSetupRequired } = useSession();
  const location = useLocation();
  if (state.phase !== 'ready') return null;
  if (!state.member) {
    const from: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/users/sign_in" replace state={from} />;
  }
  // the server refuses everything but the setup until a second factor is set up (two_factor_required): the
  // setup comes first, onboarding after it (both sending the member on to the other looped for ever)
  if (twoFactorSetupRequired) return location.pathname === TWO_FACTOR_SETUP_PATH ? <Outlet /> : <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  // the setup page stays while its backup codes are shown, once the factor exists; onboarding follows
  if (state.member.onboarding_pending && location.pathname !== ONBOARDING_PATH && location.pathname !== TWO_FACTOR_SETUP_PATH) return <Navigate to={ONBOARDING_PATH} replace />;
  return <Outlet />;
};
