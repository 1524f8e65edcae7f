import { AuthLayout } from '../../../components/auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';

export function ForgotPasswordScreen() {
  return (
    <AuthLayout title="Reset your password">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
