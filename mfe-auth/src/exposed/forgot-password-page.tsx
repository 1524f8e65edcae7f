export { ForgotPasswordPage as default } from '../features/forgot-password/components/forgot-password-page';
export { remoteVersion } from '../remote-version';
