import { useState } from 'react';
import { Navigate } from 'react-router-dom';

import { isRememberedInBoth, PATHS } from '@panel/shared';

import { AuthLayout } from '../../../components/auth-layout';
import { LoginForm } from './login-form';

/** A login kept in both storages skips this page (spec section 2). */
export function LoginScreen() {
  const [alreadyLoggedIn] = useState(isRememberedInBoth);
  if (alreadyLoggedIn) return <Navigate to={PATHS.home} replace />;
  return (
    <AuthLayout title="Log in to your account">
      <LoginForm />
    </AuthLayout>
  );
}
