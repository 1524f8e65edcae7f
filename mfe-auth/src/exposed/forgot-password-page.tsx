import { ForgotPasswordScreen } from '../features/forgot-password/components/forgot-password-screen';

export { remoteVersion } from '../remote-version';

export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen />;
}
