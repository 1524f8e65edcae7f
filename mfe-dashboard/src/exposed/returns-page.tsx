export { ReturnsPage as default } from '../features/loans/components/returns-page';
export { remoteVersion } from '../remote-version';
