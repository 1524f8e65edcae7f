export { RegisterPage as default } from '../features/register/components/register-page';
export { remoteVersion } from '../remote-version';
