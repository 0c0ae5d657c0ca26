import { ONBOARDING_PATH } from '@cn/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { ReturnState } from '../sign-in/SignInPage';
import { useSession } from './SessionContext';

/**
 * Signed-out visitors go to the sign-in page and come back to where they were; a member whose network
 * asked for profile data at joining goes to the onboarding page until they give it.
 */
export const RequireMember = () => {
  const { state } = useSession();
  const location = useLocation();
  if (state.phase !== 'ready') return null;
  if (!state.member) {
    const from: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/users/sign_in" replace state={from} />;
  }
  if (state.member.onboarding_pending && location.pathname !== ONBOARDING_PATH) return <Navigate to={ONBOARDING_PATH} replace />;
  return <Outlet />;
};
