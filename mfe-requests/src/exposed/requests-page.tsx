export { RequestsPage as default } from '../features/requests/components/requests-page';
export { remoteVersion } from '../remote-version';
