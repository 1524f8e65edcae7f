import { AuthLayout } from '../../../components/auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Reset your password">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
