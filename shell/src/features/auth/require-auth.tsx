import { Navigate, Outlet } from 'react-router-dom';
import { PATHS, useSession } from '@panel/shared';

/** Spec: entering the panel with no stored token sends the user to /auth/login/. */
export function RequireAuth() {
  const role = useSession().role;
  if (role === null) return <Navigate to={PATHS.loginRedirect} replace />;
  return <Outlet />;
}
