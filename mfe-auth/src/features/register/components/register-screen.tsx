import { AuthLayout } from '../../../components/auth-layout';
import { RegisterForm } from './register-form';

export function RegisterScreen() {
  return (
    <AuthLayout title="Register your shop">
      <RegisterForm />
    </AuthLayout>
  );
}
