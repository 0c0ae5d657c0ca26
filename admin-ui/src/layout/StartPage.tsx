import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import type { Permissions } from '../api/authProvider';
import { SETTINGS_EDIT_PATH } from './AppMenu';

/** The console opens on the settings for administrators, on the event history for auditors. */
export const StartPage = () => {
  const { permissions, isPending } = usePermissions<Permissions | null>();
  if (isPending) return null;
  return <Navigate to={permissions?.administrate === true ? SETTINGS_EDIT_PATH : '/audit-events'} replace />;
};
