import { AuthLayout } from '../../../components/auth-layout';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  return (
    <AuthLayout title="Register your shop">
      <RegisterForm />
    </AuthLayout>
  );
}
