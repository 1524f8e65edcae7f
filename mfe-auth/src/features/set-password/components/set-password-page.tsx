import { MAIL_MESSAGES } from '@panel/shared/page-ui';

import { AuthLayout } from '../../../components/auth-layout';
import { SetPasswordForm } from './set-password-form';

export function SetPasswordPage() {
  return (
    <AuthLayout title={MAIL_MESSAGES.setPasswordTitle}>
      <SetPasswordForm />
    </AuthLayout>
  );
}
