import { LoginScreen } from '../features/login/components/login-screen';

export { remoteVersion } from '../remote-version';

export default function LoginPage() {
  return <LoginScreen />;
}
