import { RegisterScreen } from '../features/register/components/register-screen';

export { remoteVersion } from '../remote-version';

export default function RegisterPage() {
  return <RegisterScreen />;
}
