import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { ReturnState } from '../sign-in/SignInPage';
import { useSession } from './SessionContext';

/** Signed-out visitors go to the sign-in page and come back to where they were. */
export const RequireMember = () => {
  const { state } = useSession();
  const location = useLocation();
  if (state.phase !== 'ready') return null;
  if (!state.member) {
    const from: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/users/sign_in" replace state={from} />;
  }
  return <Outlet />;
};
