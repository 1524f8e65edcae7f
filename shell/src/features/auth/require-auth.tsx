import { Navigate, Outlet } from 'react-router-dom';
import { PATHS } from '@panel/shared';

import { useRole } from './use-viewer';

/** Spec: entering the panel with no stored token sends the user to /auth/login/. */
export function RequireAuth() {
  const role = useRole();
  if (role === null) return <Navigate to={PATHS.loginRedirect} replace />;
  return <Outlet />;
}
