export { SetPasswordPage as default } from '../features/set-password/components/set-password-page';
export { remoteVersion } from '../remote-version';
