export { LoginPage as default } from '../features/login/components/login-page';
export { remoteVersion } from '../remote-version';
