import { useState } from 'react';
import { Navigate } from 'react-router-dom';

import { PATHS, useSession } from '@panel/shared';

import { AuthLayout } from '../../../components/auth-layout';
import { LoginForm } from './login-form';

/**
 * /auth/login. A login kept in both storages skips this page (spec section 2).
 * Only the session found on opening counts: a login made here with Remember
 * me must still wait its second before /home.
 */
export function LoginPage() {
  const { remembered } = useSession();
  const [alreadyLoggedIn] = useState(remembered);
  if (alreadyLoggedIn) return <Navigate to={PATHS.home} replace />;
  return (
    <AuthLayout title="Log in to your account">
      <LoginForm />
    </AuthLayout>
  );
}
